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

-- The stored counters are recomputed from the facts once per statement (stock facts, ledger entries) or moved
-- by a sale statement's exact delta (below), never both for one fact: a delta added on top of a recomputation
-- that already saw the same fact (a count and a later delivery in one INSERT) would count it twice.
--
-- One owner's counters change in one transaction at a time. Two devices pushing at once (a product in one
-- push, its first stock count in the other) would otherwise each miss what the other has not committed yet.
-- Every write that derives or recomputes a counter takes the owner's lock first; the statements after it
-- run on a new snapshot (READ COMMITTED), so they see whatever the previous holder committed.
CREATE OR REPLACE FUNCTION public.chave_contadores(p_user_id uuid)
RETURNS bigint
LANGUAGE sql IMMUTABLE SET search_path = ''
AS $$
  SELECT pg_catalog.hashtextextended('contadores:' || p_user_id::text, 0)
$$;
GRANT EXECUTE ON FUNCTION public.chave_contadores(uuid) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION public.travar_contadores(p_user_id uuid)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM pg_catalog.pg_advisory_xact_lock(public.chave_contadores(p_user_id));
END $$;

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

REVOKE ALL ON FUNCTION public.travar_contadores(uuid), public.recalcular_estoque(uuid, uuid), public.recalcular_saldo(uuid, uuid)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.travar_contadores(uuid), public.recalcular_estoque(uuid, uuid), public.recalcular_saldo(uuid, uuid)
  TO service_role;

-- A product or client written by a client gets its counter from the facts (which may have arrived first);
-- the value a client sends is never kept. Updates made by the recalculation itself are trusted.
CREATE OR REPLACE FUNCTION public.derivar_estoque_produto()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' OR pg_catalog.pg_trigger_depth() = 1 THEN
    PERFORM public.travar_contadores(NEW.user_id);
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
    PERFORM public.travar_contadores(NEW.user_id);
    NEW.saldo_devedor := public.saldo_derivado(NEW.id, NEW.user_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER derivar_saldo BEFORE INSERT OR UPDATE ON public.clientes
  FOR EACH ROW EXECUTE FUNCTION public.derivar_saldo_cliente();

-- Stock facts are found by product and latest count.
CREATE INDEX historico_estoque_contagem_idx ON public.historico_estoque (produto_id, user_id, (hlc COLLATE "C") DESC)
  WHERE tipo = 'ajuste' AND NOT _deleted;

-- Stock facts and ledger entries written by one statement (inserted, edited or removed): each product or
-- client they touch, before and after, is recomputed once when the statement ends, its owner locked first
-- (owners, then ids, in order). A payment that brings a balance to zero retires that client's overdue-fiado
-- notices (soft delete).
CREATE OR REPLACE FUNCTION public.fatos_alterados()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_coluna text := CASE TG_TABLE_NAME WHEN 'historico_estoque' THEN 'produto_id' ELSE 'cliente_id' END;
  -- The (id, owner) pairs of the versions added and replaced; a transition table exists only for its events.
  v_pares text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT n.%I AS id, n.user_id FROM novos n', v_coluna)
    WHEN 'UPDATE' THEN format('SELECT n.%1$I AS id, n.user_id FROM novos n UNION SELECT o.%1$I, o.user_id FROM antigos o', v_coluna)
    ELSE format('SELECT o.%I AS id, o.user_id FROM antigos o', v_coluna)
  END;
  v_dono uuid;
  v_par record;
BEGIN
  FOR v_dono IN EXECUTE format('SELECT DISTINCT p.user_id FROM (%s) p ORDER BY 1', v_pares) LOOP
    PERFORM public.travar_contadores(v_dono);
  END LOOP;
  FOR v_par IN EXECUTE format('SELECT DISTINCT p.user_id, p.id FROM (%s) p ORDER BY 1, 2', v_pares) LOOP
    IF TG_TABLE_NAME = 'historico_estoque' THEN
      PERFORM public.recalcular_estoque(v_par.id, v_par.user_id);
    ELSE
      PERFORM public.recalcular_saldo(v_par.id, v_par.user_id);
    END IF;
  END LOOP;
  IF TG_TABLE_NAME = 'fiado_lancamentos' AND TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE public.notificacoes n SET _deleted = true, updated_at = now()
      FROM (SELECT DISTINCT l.cliente_id, l.user_id FROM novos l WHERE l.tipo = 'pagamento' AND NOT l._deleted) p
     WHERE n.user_id = p.user_id AND n.tipo = 'fiado_vencido' AND n.referencia_id = p.cliente_id::text AND NOT n._deleted
       AND public.saldo_derivado(p.cliente_id, p.user_id) = 0;
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  v_tabela text;
BEGIN
  FOREACH v_tabela IN ARRAY ARRAY['historico_estoque', 'fiado_lancamentos'] LOOP
    EXECUTE format('CREATE TRIGGER fatos_inseridos AFTER INSERT ON public.%I
                      REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION public.fatos_alterados()', v_tabela);
    EXECUTE format('CREATE TRIGGER fatos_editados AFTER UPDATE ON public.%I
                      REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION public.fatos_alterados()',
                   v_tabela);
    EXECUTE format('CREATE TRIGGER fatos_apagados AFTER DELETE ON public.%I
                      REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION public.fatos_alterados()', v_tabela);
  END LOOP;
END $$;

-- HLC of the product's latest live count ('' when it has none): sales after it move the stock.
CREATE OR REPLACE FUNCTION public.hlc_ultima_contagem(p_produto_id uuid, p_user_id uuid)
RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT coalesce((SELECT h.hlc FROM public.historico_estoque h
                    WHERE h.produto_id = p_produto_id AND h.user_id = p_user_id AND h.tipo = 'ajuste' AND NOT h._deleted
                    ORDER BY h.hlc COLLATE "C" DESC LIMIT 1), '')
$$;
REVOKE ALL ON FUNCTION public.hlc_ultima_contagem(uuid, uuid) FROM PUBLIC, anon, authenticated;

-- Sales written by one statement (inserted, edited, soft- or hard-deleted): their itens_venda rows follow
-- `itens`, and the counters move by what changed: each new or edited version takes its items from stock and
-- its fiado total onto the balance, each version it replaced gives them back; only items stamped after the
-- product's latest count move its stock. Sales are the facts that come by the thousand (a day offline), so
-- they move the counters by exact deltas instead of rescanning every sale of the product: the stored numbers
-- equal the derivation before the statement, and each delta is the derivation's own change, whatever order
-- the statement's triggers run in (an upsert that edits one sale and adds another fires both). Owners are
-- locked first (see travar_contadores).
CREATE OR REPLACE FUNCTION public.vendas_alteradas()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  -- The versions this statement added (sign −1: they take) and replaced (sign +1: they give back); a
  -- transition table exists only for its own events, hence the text.
  v_versoes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.user_id, n.hlc, n.itens, n.tipo, n.cliente_id, n.total, n._deleted, -1 AS sinal FROM vendas_novas n'
    WHEN 'UPDATE' THEN 'SELECT n.user_id, n.hlc, n.itens, n.tipo, n.cliente_id, n.total, n._deleted, -1 AS sinal FROM vendas_novas n
                        UNION ALL
                        SELECT o.user_id, o.hlc, o.itens, o.tipo, o.cliente_id, o.total, o._deleted, 1 FROM vendas_antigas o'
    ELSE 'SELECT o.user_id, o.hlc, o.itens, o.tipo, o.cliente_id, o.total, o._deleted, 1 AS sinal FROM vendas_antigas o'
  END;
  v_dono uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM public.itens_venda i USING vendas_antigas o WHERE i.venda_id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
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
  END IF;

  FOR v_dono IN EXECUTE format('SELECT DISTINCT v.user_id FROM (%s) v ORDER BY 1', v_versoes) LOOP
    PERFORM public.travar_contadores(v_dono);
  END LOOP;
  EXECUTE format(
    'WITH itens AS (
       SELECT v.user_id, (i.value ->> ''produto_id'')::uuid AS produto_id, v.hlc,
              v.sinal * round((i.value ->> ''quantidade'')::numeric, 3) AS quantidade
         FROM (%s) v, jsonb_array_elements(v.itens) i
        WHERE NOT v._deleted
     ),
     contagens AS (
       SELECT p.user_id, p.produto_id, public.hlc_ultima_contagem(p.produto_id, p.user_id) AS hlc
         FROM (SELECT DISTINCT user_id, produto_id FROM itens) p
     )
     UPDATE public.produtos p SET estoque = p.estoque + d.quantidade
       FROM (SELECT i.user_id, i.produto_id, sum(i.quantidade) AS quantidade
               FROM itens i JOIN contagens c ON c.user_id = i.user_id AND c.produto_id = i.produto_id
              WHERE i.hlc COLLATE "C" > c.hlc COLLATE "C"
              GROUP BY i.user_id, i.produto_id
             HAVING sum(i.quantidade) <> 0) d
      WHERE p.id = d.produto_id AND p.user_id = d.user_id',
    v_versoes);
  EXECUTE format(
    'UPDATE public.clientes c SET saldo_devedor = c.saldo_devedor + f.total
       FROM (SELECT v.user_id, v.cliente_id, sum(-v.sinal * v.total) AS total
               FROM (%s) v
              WHERE NOT v._deleted AND v.tipo = ''fiado'' AND v.cliente_id IS NOT NULL
              GROUP BY v.user_id, v.cliente_id
             HAVING sum(-v.sinal * v.total) <> 0) f
      WHERE c.id = f.cliente_id AND c.user_id = f.user_id',
    v_versoes);
  RETURN NULL;
END $$;

CREATE TRIGGER vendas_inseridas AFTER INSERT ON public.vendas
  REFERENCING NEW TABLE AS vendas_novas FOR EACH STATEMENT EXECUTE FUNCTION public.vendas_alteradas();
CREATE TRIGGER vendas_editadas AFTER UPDATE ON public.vendas
  REFERENCING OLD TABLE AS vendas_antigas NEW TABLE AS vendas_novas FOR EACH STATEMENT EXECUTE FUNCTION public.vendas_alteradas();
CREATE TRIGGER vendas_apagadas AFTER DELETE ON public.vendas
  REFERENCING OLD TABLE AS vendas_antigas FOR EACH STATEMENT EXECUTE FUNCTION public.vendas_alteradas();

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
