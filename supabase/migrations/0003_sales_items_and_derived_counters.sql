-- Sale items kept from each sale's `itens`, and the counters derived from facts exactly as the devices derive
-- them (workers/ledger/derived-counters.ts): produtos.estoque, clientes.saldo_devedor, with the stock alerts.

CREATE TABLE public.itens_venda (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  venda_id uuid NOT NULL REFERENCES public.vendas (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  produto_id uuid NOT NULL,
  quantidade numeric(14, 3) NOT NULL CONSTRAINT itens_venda_quantidade_positiva CHECK (quantidade > 0),
  preco_unitario numeric(12, 2) NOT NULL CONSTRAINT itens_venda_preco_unitario_nao_negativo CHECK (preco_unitario >= 0),
  preco_total numeric(12, 2) NOT NULL CONSTRAINT itens_venda_preco_total_nao_negativo CHECK (preco_total >= 0),
  nome_produto text NOT NULL,
  marca_produto text,
  unidade_produto text NOT NULL DEFAULT 'un',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT itens_venda_venda_produto_key UNIQUE (venda_id, produto_id)
);
CREATE INDEX itens_venda_produto_idx ON public.itens_venda (produto_id);
CREATE INDEX itens_venda_user_idx ON public.itens_venda (user_id);

-- Written only by the server from vendas.itens; owners and the admin read them.
ALTER TABLE public.itens_venda ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.itens_venda FROM anon, authenticated;
GRANT SELECT ON public.itens_venda TO authenticated;
GRANT ALL ON public.itens_venda TO service_role;
CREATE POLICY dono_ou_admin_le ON public.itens_venda FOR SELECT TO authenticated
  USING (user_id = auth.uid() OR public.is_admin());

-- A sale's items must be well formed: the same rules as schemas/vendas.json, in Portuguese.
CREATE OR REPLACE FUNCTION public.validar_itens_venda()
RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_item jsonb;
BEGIN
  IF NOT NEW._deleted AND jsonb_array_length(NEW.itens) = 0 THEN
    RAISE EXCEPTION 'Adicione pelo menos um item à venda.' USING ERRCODE = '23514';
  END IF;
  FOR v_item IN SELECT value FROM jsonb_array_elements(NEW.itens) LOOP
    IF jsonb_typeof(v_item) <> 'object'
       OR coalesce(v_item ->> 'produto_id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
      RAISE EXCEPTION 'Item da venda inválido: produto não identificado.' USING ERRCODE = '23514';
    END IF;
    IF jsonb_typeof(v_item -> 'quantidade') IS DISTINCT FROM 'number' OR (v_item ->> 'quantidade')::numeric <= 0 THEN
      RAISE EXCEPTION 'Item da venda inválido: a quantidade deve ser maior que zero.' USING ERRCODE = '23514';
    END IF;
    IF jsonb_typeof(v_item -> 'preco_unitario') IS DISTINCT FROM 'number' OR (v_item ->> 'preco_unitario')::numeric < 0
       OR jsonb_typeof(v_item -> 'preco_total') IS DISTINCT FROM 'number' OR (v_item ->> 'preco_total')::numeric < 0 THEN
      RAISE EXCEPTION 'Item da venda inválido: os preços não podem ser negativos.' USING ERRCODE = '23514';
    END IF;
    IF char_length(btrim(coalesce(v_item ->> 'nome_produto', ''))) NOT BETWEEN 1 AND 200 THEN
      RAISE EXCEPTION 'Item da venda inválido: o nome do produto é obrigatório.' USING ERRCODE = '23514';
    END IF;
    IF char_length(btrim(coalesce(v_item ->> 'unidade_produto', ''))) NOT BETWEEN 1 AND 20 THEN
      RAISE EXCEPTION 'Item da venda inválido: a unidade do produto é obrigatória.' USING ERRCODE = '23514';
    END IF;
  END LOOP;
  RETURN NEW;
END $$;
CREATE TRIGGER validar_itens_venda BEFORE INSERT OR UPDATE OF itens, _deleted ON public.vendas
  FOR EACH ROW EXECUTE FUNCTION public.validar_itens_venda();

-- Stock of a product = latest count (ajuste) + entries after it − quantities in non-deleted sales after it,
-- "after" in HLC order (byte order, as the devices compare strings), counting only the owner's facts.
CREATE OR REPLACE FUNCTION public.estoque_derivado(p_produto_id uuid, p_user_id uuid)
RETURNS numeric
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_contagem numeric := 0;
  v_depois text := '';
  v_entradas numeric;
  v_vendido numeric;
BEGIN
  SELECT h.quantidade, h.hlc INTO v_contagem, v_depois
    FROM public.historico_estoque h
   WHERE h.produto_id = p_produto_id AND h.user_id = p_user_id AND NOT h._deleted AND h.tipo = 'ajuste'
   ORDER BY h.hlc COLLATE "C" DESC, h.id::text COLLATE "C" DESC
   LIMIT 1;
  IF NOT FOUND THEN
    v_contagem := 0;
    v_depois := '';
  END IF;
  SELECT coalesce(sum(round(h.quantidade, 3)), 0) INTO v_entradas
    FROM public.historico_estoque h
   WHERE h.produto_id = p_produto_id AND h.user_id = p_user_id AND NOT h._deleted AND h.tipo = 'entrada'
     AND h.hlc COLLATE "C" > v_depois COLLATE "C";
  SELECT coalesce(sum(round((i.value ->> 'quantidade')::numeric, 3)), 0) INTO v_vendido
    FROM public.vendas v, jsonb_array_elements(v.itens) i
   WHERE v.user_id = p_user_id AND NOT v._deleted
     AND v.itens @> jsonb_build_array(jsonb_build_object('produto_id', p_produto_id::text))
     AND v.hlc COLLATE "C" > v_depois COLLATE "C"
     AND i.value ->> 'produto_id' = p_produto_id::text;
  RETURN round(v_contagem, 3) + v_entradas - v_vendido;
END $$;

-- Balance of a client = non-deleted fiado sales + debits − payments.
CREATE OR REPLACE FUNCTION public.saldo_derivado(p_cliente_id uuid, p_user_id uuid)
RETURNS numeric
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT coalesce((SELECT sum(v.total) FROM public.vendas v
                    WHERE v.cliente_id = p_cliente_id AND v.user_id = p_user_id AND NOT v._deleted AND v.tipo = 'fiado'), 0)
       + coalesce((SELECT sum(CASE WHEN l.tipo = 'debito' THEN l.valor ELSE -l.valor END) FROM public.fiado_lancamentos l
                    WHERE l.cliente_id = p_cliente_id AND l.user_id = p_user_id AND NOT l._deleted), 0)
$$;

REVOKE ALL ON FUNCTION public.estoque_derivado(uuid, uuid), public.saldo_derivado(uuid, uuid) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.estoque_derivado(uuid, uuid), public.saldo_derivado(uuid, uuid) TO service_role;

-- Writes the derived value when it changed (the row's `_modified` then moves, so devices pull it).
CREATE OR REPLACE FUNCTION public.recalcular_estoque(p_produto_id uuid, p_user_id uuid)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_estoque numeric := public.estoque_derivado(p_produto_id, p_user_id);
BEGIN
  UPDATE public.produtos SET estoque = v_estoque
   WHERE id = p_produto_id AND user_id = p_user_id AND estoque IS DISTINCT FROM v_estoque;
END $$;

CREATE OR REPLACE FUNCTION public.recalcular_saldo(p_cliente_id uuid, p_user_id uuid)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_saldo numeric := public.saldo_derivado(p_cliente_id, p_user_id);
BEGIN
  UPDATE public.clientes SET saldo_devedor = v_saldo
   WHERE id = p_cliente_id AND user_id = p_user_id AND saldo_devedor IS DISTINCT FROM v_saldo;
END $$;
REVOKE ALL ON FUNCTION public.recalcular_estoque(uuid, uuid), public.recalcular_saldo(uuid, uuid) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.recalcular_estoque(uuid, uuid), public.recalcular_saldo(uuid, uuid) TO service_role;

-- A product or client written by a client gets its counter from the facts (which may have arrived first);
-- the value a client sends is never kept. Updates made by the recalculation itself are trusted.
CREATE OR REPLACE FUNCTION public.derivar_estoque_produto()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' OR pg_catalog.pg_trigger_depth() = 1 THEN
    NEW.estoque := public.estoque_derivado(NEW.id, NEW.user_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER derivar_estoque BEFORE INSERT OR UPDATE ON public.produtos
  FOR EACH ROW EXECUTE FUNCTION public.derivar_estoque_produto();

CREATE OR REPLACE FUNCTION public.derivar_saldo_cliente()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' OR pg_catalog.pg_trigger_depth() = 1 THEN
    NEW.saldo_devedor := public.saldo_derivado(NEW.id, NEW.user_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER derivar_saldo BEFORE INSERT OR UPDATE ON public.clientes
  FOR EACH ROW EXECUTE FUNCTION public.derivar_saldo_cliente();

-- New facts move the stored counters by their own amount (the same result as recomputing, in constant time),
-- so thousands of sales pushed from an offline device do not each rescan the product's history: a batch of
-- new sales inserted in one statement updates each product and client once (in id order, so concurrent
-- pushes lock them in the same order). Edits, deletions and counts recompute from the facts.

-- Stock facts are found by product and latest count.
CREATE INDEX historico_estoque_contagem_idx ON public.historico_estoque (produto_id, user_id, (hlc COLLATE "C") DESC)
  WHERE tipo = 'ajuste' AND NOT _deleted;

-- HLC of the product's latest live count ('' when it has none): facts after it move the stock.
CREATE OR REPLACE FUNCTION public.hlc_ultima_contagem(p_produto_id uuid, p_user_id uuid)
RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT coalesce((SELECT h.hlc FROM public.historico_estoque h
                    WHERE h.produto_id = p_produto_id AND h.user_id = p_user_id AND h.tipo = 'ajuste' AND NOT h._deleted
                    ORDER BY h.hlc COLLATE "C" DESC LIMIT 1), '')
$$;
REVOKE ALL ON FUNCTION public.hlc_ultima_contagem(uuid, uuid) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.fato_estoque_alterado()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.tipo = 'entrada' THEN
    IF NOT NEW._deleted AND NEW.hlc COLLATE "C" > public.hlc_ultima_contagem(NEW.produto_id, NEW.user_id) COLLATE "C" THEN
      UPDATE public.produtos SET estoque = estoque + round(NEW.quantidade, 3)
       WHERE id = NEW.produto_id AND user_id = NEW.user_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM public.recalcular_estoque(OLD.produto_id, OLD.user_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR (NEW.produto_id, NEW.user_id) IS DISTINCT FROM (OLD.produto_id, OLD.user_id)) THEN
    PERFORM public.recalcular_estoque(NEW.produto_id, NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER fato_estoque_alterado AFTER INSERT OR UPDATE OR DELETE ON public.historico_estoque
  FOR EACH ROW EXECUTE FUNCTION public.fato_estoque_alterado();

CREATE OR REPLACE FUNCTION public.lancamento_fiado_alterado()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT NEW._deleted THEN
      UPDATE public.clientes
         SET saldo_devedor = saldo_devedor + CASE WHEN NEW.tipo = 'debito' THEN NEW.valor ELSE -NEW.valor END
       WHERE id = NEW.cliente_id AND user_id = NEW.user_id;
    END IF;
  ELSE
    PERFORM public.recalcular_saldo(OLD.cliente_id, OLD.user_id);
    IF TG_OP = 'UPDATE' AND (NEW.cliente_id, NEW.user_id) IS DISTINCT FROM (OLD.cliente_id, OLD.user_id) THEN
      PERFORM public.recalcular_saldo(NEW.cliente_id, NEW.user_id);
    END IF;
  END IF;
  -- A payment that brings the balance to zero retires that client's overdue-fiado notices (soft delete).
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.tipo = 'pagamento' AND NOT NEW._deleted
     AND public.saldo_derivado(NEW.cliente_id, NEW.user_id) = 0 THEN
    UPDATE public.notificacoes SET _deleted = true, updated_at = now()
     WHERE user_id = NEW.user_id AND tipo = 'fiado_vencido' AND referencia_id = NEW.cliente_id::text AND NOT _deleted;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER lancamento_fiado_alterado AFTER INSERT OR UPDATE OR DELETE ON public.fiado_lancamentos
  FOR EACH ROW EXECUTE FUNCTION public.lancamento_fiado_alterado();

-- Sales edited or deleted: keep itens_venda, recompute the stock of every product and the balance of every
-- client the old or new version touches.
CREATE OR REPLACE FUNCTION public.venda_alterada()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_produto uuid;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM public.itens_venda WHERE venda_id = NEW.id;
    IF NOT NEW._deleted THEN
      INSERT INTO public.itens_venda (venda_id, user_id, produto_id, quantidade, preco_unitario, preco_total,
                                      nome_produto, marca_produto, unidade_produto)
      SELECT NEW.id, NEW.user_id, (i.value ->> 'produto_id')::uuid,
             sum((i.value ->> 'quantidade')::numeric), (array_agg((i.value ->> 'preco_unitario')::numeric ORDER BY i.ordinality))[1],
             sum((i.value ->> 'preco_total')::numeric), (array_agg(i.value ->> 'nome_produto' ORDER BY i.ordinality))[1],
             (array_agg(i.value ->> 'marca_produto' ORDER BY i.ordinality))[1],
             (array_agg(i.value ->> 'unidade_produto' ORDER BY i.ordinality))[1]
        FROM jsonb_array_elements(NEW.itens) WITH ORDINALITY i
       GROUP BY (i.value ->> 'produto_id')::uuid;
    END IF;
  END IF;

  -- An edited or deleted sale: recompute everything the old or new version touches.
  FOR v_produto IN
    SELECT DISTINCT (i.value ->> 'produto_id')::uuid
      FROM jsonb_array_elements(OLD.itens || CASE WHEN TG_OP = 'DELETE' THEN '[]'::jsonb ELSE NEW.itens END) i
     ORDER BY 1
  LOOP
    PERFORM public.recalcular_estoque(v_produto, OLD.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM public.recalcular_estoque(v_produto, NEW.user_id);
    END IF;
  END LOOP;
  IF OLD.cliente_id IS NOT NULL THEN
    PERFORM public.recalcular_saldo(OLD.cliente_id, OLD.user_id);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.cliente_id IS NOT NULL AND (NEW.cliente_id, NEW.user_id) IS DISTINCT FROM (OLD.cliente_id, OLD.user_id) THEN
    PERFORM public.recalcular_saldo(NEW.cliente_id, NEW.user_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER venda_alterada AFTER UPDATE OR DELETE ON public.vendas
  FOR EACH ROW EXECUTE FUNCTION public.venda_alterada();

-- The sales one INSERT statement added: their items, then each product loses what it sold after its latest
-- count, and each client's balance grows by its fiado sales.
CREATE OR REPLACE FUNCTION public.vendas_inseridas()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  INSERT INTO public.itens_venda (venda_id, user_id, produto_id, quantidade, preco_unitario, preco_total,
                                  nome_produto, marca_produto, unidade_produto)
  SELECT n.id, n.user_id, (i.value ->> 'produto_id')::uuid,
         sum((i.value ->> 'quantidade')::numeric), (array_agg((i.value ->> 'preco_unitario')::numeric ORDER BY i.ordinality))[1],
         sum((i.value ->> 'preco_total')::numeric), (array_agg(i.value ->> 'nome_produto' ORDER BY i.ordinality))[1],
         (array_agg(i.value ->> 'marca_produto' ORDER BY i.ordinality))[1],
         (array_agg(i.value ->> 'unidade_produto' ORDER BY i.ordinality))[1]
    FROM vendas_novas n, jsonb_array_elements(n.itens) WITH ORDINALITY i
   WHERE NOT n._deleted
   GROUP BY n.id, n.user_id, (i.value ->> 'produto_id')::uuid;

  -- Locked in id order first, so that concurrent pushes touching the same products never deadlock.
  PERFORM 1 FROM public.produtos p
   WHERE (p.id, p.user_id) IN (SELECT (i.value ->> 'produto_id')::uuid, n.user_id
                                 FROM vendas_novas n, jsonb_array_elements(n.itens) i WHERE NOT n._deleted)
   ORDER BY p.id
     FOR NO KEY UPDATE;
  WITH itens AS (
    SELECT n.user_id, n.hlc, (i.value ->> 'produto_id')::uuid AS produto_id,
           round((i.value ->> 'quantidade')::numeric, 3) AS quantidade
      FROM vendas_novas n, jsonb_array_elements(n.itens) i
     WHERE NOT n._deleted
  ),
  ultimas_contagens AS (
    SELECT p.user_id, p.produto_id, public.hlc_ultima_contagem(p.produto_id, p.user_id) AS hlc
      FROM (SELECT DISTINCT user_id, produto_id FROM itens) p
  ),
  vendido AS (
    SELECT i.user_id, i.produto_id, sum(i.quantidade) AS quantidade
      FROM itens i
      JOIN ultimas_contagens c ON c.user_id = i.user_id AND c.produto_id = i.produto_id
     WHERE i.hlc COLLATE "C" > c.hlc COLLATE "C"
     GROUP BY i.user_id, i.produto_id
  )
  UPDATE public.produtos p SET estoque = p.estoque - v.quantidade
    FROM vendido v
   WHERE p.id = v.produto_id AND p.user_id = v.user_id;

  PERFORM 1 FROM public.clientes c
   WHERE (c.id, c.user_id) IN (SELECT n.cliente_id, n.user_id FROM vendas_novas n
                                WHERE NOT n._deleted AND n.tipo = 'fiado' AND n.cliente_id IS NOT NULL)
   ORDER BY c.id
     FOR NO KEY UPDATE;
  UPDATE public.clientes c SET saldo_devedor = c.saldo_devedor + f.total
    FROM (SELECT n.user_id, n.cliente_id, sum(n.total) AS total
            FROM vendas_novas n
           WHERE NOT n._deleted AND n.tipo = 'fiado' AND n.cliente_id IS NOT NULL
           GROUP BY n.user_id, n.cliente_id) f
   WHERE c.id = f.cliente_id AND c.user_id = f.user_id;
  RETURN NULL;
END $$;

CREATE TRIGGER vendas_inseridas AFTER INSERT ON public.vendas
  REFERENCING NEW TABLE AS vendas_novas
  FOR EACH STATEMENT EXECUTE FUNCTION public.vendas_inseridas();

-- Stock alerts, generated when a product's stock falls: under the minimum (estoque_baixo) or to zero
-- (estoque_zerado). One unread alert of each kind per product at a time.
CREATE OR REPLACE FUNCTION public.formatar_quantidade(p_valor numeric)
RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = ''
AS $$
  SELECT replace(rtrim(rtrim(round(p_valor, 3)::text, '0'), '.'), '.', ',')
$$;

CREATE OR REPLACE FUNCTION public.alertar_estoque()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_tipo text;
  v_mensagem text;
BEGIN
  IF NEW._deleted OR NEW.estoque >= OLD.estoque THEN
    RETURN NULL;
  END IF;
  IF NEW.estoque <= 0 AND OLD.estoque > 0 THEN
    v_tipo := 'estoque_zerado';
    v_mensagem := format('Estoque zerado: %s está sem estoque.', NEW.nome);
  ELSIF NEW.estoque > 0 AND NEW.estoque < NEW.estoque_minimo AND OLD.estoque >= NEW.estoque_minimo THEN
    v_tipo := 'estoque_baixo';
    v_mensagem := format('Estoque baixo: %s tem %s %s (mínimo %s).', NEW.nome, public.formatar_quantidade(NEW.estoque),
                         NEW.unidade, public.formatar_quantidade(NEW.estoque_minimo));
  ELSE
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM public.notificacoes n
                  WHERE n.user_id = NEW.user_id AND n.tipo = v_tipo AND n.referencia_id = NEW.id::text
                    AND NOT n.lido AND NOT n._deleted) THEN
    INSERT INTO public.notificacoes (user_id, tipo, mensagem, referencia_id)
    VALUES (NEW.user_id, v_tipo, left(v_mensagem, 1000), NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER alertar_estoque AFTER UPDATE OF estoque ON public.produtos
  FOR EACH ROW EXECUTE FUNCTION public.alertar_estoque();

REVOKE ALL ON FUNCTION public.formatar_quantidade(numeric) FROM anon;
