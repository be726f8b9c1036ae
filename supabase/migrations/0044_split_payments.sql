-- Split payment (docs/product.md §10): a sale paid by several methods keeps its parts in `vendas.pagamentos`
-- (null for a sale paid by one method, as every sale made before). The parts must stand: at least two, each method
-- once, each above zero, adding up to the total to the cent, and a fiado part exactly when the sale is fiado (so it
-- has its client). Every sum that counted "a fiado sale's total" now counts the sale's fiado part, and every sum by
-- method counts each part in its own method, through one function (`partes_da_venda`), the server's twin of the
-- device's `partsOf` (workers/till/summary.ts): a single-method sale is one part, so old sales need no rewrite.
ALTER TABLE public.vendas ADD COLUMN pagamentos jsonb;

-- A sale's parts are a list of at most five (one per method), or null; what each part must be, and how the parts
-- stand with the sale, is the trigger's below (it names the reason, in Portuguese).
ALTER TABLE public.vendas
  ADD CONSTRAINT vendas_pagamentos_lista CHECK (
    pagamentos IS NULL OR CASE WHEN jsonb_typeof(pagamentos) = 'array' THEN jsonb_array_length(pagamentos) <= 5 ELSE false END);

-- The parts of a sale (the device's `partsOf` and `bucketOf`): its own when split, otherwise one part, its bucket
-- (fiado for a fiado sale, else its method, any method but dinheiro, cartao and pix being 'outro') with its total.
-- Never raises, so a deleted version (whose parts are not checked) still goes through the sums that weigh it zero.
CREATE OR REPLACE FUNCTION public.partes_da_venda(p_tipo text, p_forma_pagamento text, p_total numeric, p_pagamentos jsonb)
RETURNS TABLE (forma text, valor numeric)
LANGUAGE sql IMMUTABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT p.value ->> 'forma',
         CASE WHEN jsonb_typeof(p.value -> 'valor') = 'number' THEN (p.value ->> 'valor')::numeric END
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_pagamentos) = 'array' THEN p_pagamentos ELSE '[]'::jsonb END) p
   WHERE jsonb_typeof(p.value) = 'object'
  UNION ALL
  SELECT CASE WHEN p_tipo = 'fiado' THEN 'fiado'
              WHEN p_forma_pagamento IN ('dinheiro', 'cartao', 'pix') THEN p_forma_pagamento
              ELSE 'outro' END,
         p_total
   WHERE coalesce(jsonb_array_length(CASE WHEN jsonb_typeof(p_pagamentos) = 'array' THEN p_pagamentos END), 0) = 0
$$;

-- What a sale adds to its client's fiado balance (the device's `fiadoPartOf`): its fiado part, which is the whole
-- total of a fiado sale paid by one method, a split fiado sale's part 'fiado', and nothing for any other sale.
CREATE OR REPLACE FUNCTION public.valor_fiado_da_venda(p_tipo text, p_total numeric, p_pagamentos jsonb)
RETURNS numeric
LANGUAGE sql IMMUTABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT coalesce(sum(x.valor), 0) FROM public.partes_da_venda(p_tipo, NULL, p_total, p_pagamentos) x WHERE x.forma = 'fiado'
$$;
REVOKE ALL ON FUNCTION public.partes_da_venda(text, text, numeric, jsonb), public.valor_fiado_da_venda(text, numeric, jsonb)
  FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.partes_da_venda(text, text, numeric, jsonb), public.valor_fiado_da_venda(text, numeric, jsonb)
  TO authenticated, service_role;

-- The parts must stand, in the order of the device's rule (`partsProblem`, workers/till/summary.ts): at least two
-- parts, each method once, each above zero (and in cents, as the device writes them), adding up to the total to the
-- cent, and a fiado part exactly when the sale is fiado (which needs its client: vendas_fiado_exige_cliente).
-- Refused with 23514, which replicate_push reports to the device as a refused change, offline edits included (a
-- push that changes the total or the type and leaves parts that no longer stand). A deleted sale is not checked
-- (its payment no longer counts, as 0038's discounts); what is not a list of at most five is vendas_pagamentos_lista's.
CREATE OR REPLACE FUNCTION public.validar_pagamentos_venda()
RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_parte jsonb;
  v_soma numeric := 0;
BEGIN
  IF NEW._deleted OR NEW.pagamentos IS NULL OR jsonb_typeof(NEW.pagamentos) IS DISTINCT FROM 'array'
     OR jsonb_array_length(NEW.pagamentos) > 5 THEN
    RETURN NEW;
  END IF;
  IF jsonb_array_length(NEW.pagamentos) < 2 THEN
    RAISE EXCEPTION 'Pagamento dividido inválido: são pelo menos duas partes.' USING ERRCODE = '23514';
  END IF;
  FOR v_parte IN SELECT value FROM jsonb_array_elements(NEW.pagamentos) LOOP
    IF jsonb_typeof(v_parte) IS DISTINCT FROM 'object' THEN
      RAISE EXCEPTION 'Pagamento dividido inválido: cada parte tem uma forma e um valor.' USING ERRCODE = '23514';
    END IF;
    IF NOT (v_parte ?& ARRAY['forma', 'valor']) OR (SELECT count(*) FROM jsonb_object_keys(v_parte)) <> 2
       OR jsonb_typeof(v_parte -> 'valor') IS DISTINCT FROM 'number'
       OR jsonb_typeof(v_parte -> 'forma') IS DISTINCT FROM 'string'
       OR NOT (v_parte ->> 'forma') = ANY (ARRAY['dinheiro', 'cartao', 'pix', 'outro', 'fiado']) THEN
      RAISE EXCEPTION 'Pagamento dividido inválido: cada parte tem uma forma e um valor.' USING ERRCODE = '23514';
    END IF;
  END LOOP;
  IF (SELECT count(DISTINCT p.value ->> 'forma') FROM jsonb_array_elements(NEW.pagamentos) p)
     <> jsonb_array_length(NEW.pagamentos) THEN
    RAISE EXCEPTION 'Pagamento dividido inválido: cada forma de pagamento aparece uma vez.' USING ERRCODE = '23514';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(NEW.pagamentos) p
              WHERE (p.value ->> 'valor')::numeric <= 0 OR (p.value ->> 'valor')::numeric > 9999999999.99
                 OR (p.value ->> 'valor')::numeric <> round((p.value ->> 'valor')::numeric, 2)) THEN
    RAISE EXCEPTION 'Pagamento dividido inválido: cada parte é um valor acima de zero, em centavos.' USING ERRCODE = '23514';
  END IF;
  SELECT sum((p.value ->> 'valor')::numeric) INTO v_soma FROM jsonb_array_elements(NEW.pagamentos) p;
  IF v_soma <> NEW.total THEN
    RAISE EXCEPTION 'As partes do pagamento não somam o total da venda.' USING ERRCODE = '23514';
  END IF;
  IF (NEW.pagamentos @> '[{"forma": "fiado"}]') <> (NEW.tipo = 'fiado') THEN
    RAISE EXCEPTION 'Pagamento dividido inválido: uma venda com parte no fiado é uma venda fiado, e uma venda fiado dividida tem parte no fiado.'
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.validar_pagamentos_venda() FROM PUBLIC, anon, authenticated;
-- The name the devices know the rule by; BEFORE triggers fire in name order, so it fires after validar_itens_venda
-- and validar_itens_venda_descontos (0038), which settle the items and the total first.
CREATE TRIGGER vendas_pagamentos_somam BEFORE INSERT OR UPDATE OF pagamentos, total, tipo, _deleted ON public.vendas
  FOR EACH ROW EXECUTE FUNCTION public.validar_pagamentos_venda();

-- The stored balances move by each version's fiado part (0003's rule, with the part instead of the total).
CREATE OR REPLACE FUNCTION public.vendas_alteradas()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  -- The versions this statement added (sign −1: they take) and replaced (sign +1: they give back); a
  -- transition table exists only for its own events, hence the text.
  v_versoes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.user_id, n.hlc, n.itens, n.tipo, n.cliente_id, public.valor_fiado_da_venda(n.tipo, n.total, n.pagamentos) AS total, n._deleted, -1 AS sinal FROM vendas_novas n'
    WHEN 'UPDATE' THEN 'SELECT n.user_id, n.hlc, n.itens, n.tipo, n.cliente_id, public.valor_fiado_da_venda(n.tipo, n.total, n.pagamentos) AS total, n._deleted, -1 AS sinal FROM vendas_novas n
                        UNION ALL
                        SELECT o.user_id, o.hlc, o.itens, o.tipo, o.cliente_id, public.valor_fiado_da_venda(o.tipo, o.total, o.pagamentos) AS total, o._deleted, 1 FROM vendas_antigas o'
    ELSE 'SELECT o.user_id, o.hlc, o.itens, o.tipo, o.cliente_id, public.valor_fiado_da_venda(o.tipo, o.total, o.pagamentos) AS total, o._deleted, 1 AS sinal FROM vendas_antigas o'
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


-- The derived balance and the bases count the fiado part too (0003, 0023).
CREATE OR REPLACE FUNCTION public.saldo_derivado(p_cliente_id uuid, p_user_id uuid)
RETURNS numeric
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT coalesce((SELECT sum(public.valor_fiado_da_venda(v.tipo, v.total, v.pagamentos)) FROM public.vendas v
                    WHERE v.cliente_id = p_cliente_id AND v.user_id = p_user_id AND NOT v._deleted AND v.tipo = 'fiado'), 0)
       + coalesce((SELECT sum(CASE WHEN l.tipo = 'debito' THEN l.valor ELSE -l.valor END) FROM public.fiado_lancamentos l
                    WHERE l.cliente_id = p_cliente_id AND l.user_id = p_user_id AND NOT l._deleted), 0)
$$;

CREATE OR REPLACE FUNCTION public.recalcular_base_saldo(p_cliente_id uuid, p_user_id uuid, p_corte timestamptz)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_corte text := public.hlc_do_instante(p_corte);
  v_saldo numeric;
BEGIN
  SELECT coalesce((SELECT sum(public.valor_fiado_da_venda(v.tipo, v.total, v.pagamentos)) FROM public.vendas v
                    WHERE v.cliente_id = p_cliente_id AND v.user_id = p_user_id AND NOT v._deleted AND v.tipo = 'fiado'
                      AND v.hlc COLLATE "C" < v_corte COLLATE "C"), 0)
       + coalesce((SELECT sum(CASE WHEN l.tipo = 'debito' THEN l.valor ELSE -l.valor END) FROM public.fiado_lancamentos l
                    WHERE l.cliente_id = p_cliente_id AND l.user_id = p_user_id AND NOT l._deleted
                      AND l.created_at < p_corte), 0)
    INTO v_saldo;
  PERFORM public.gravar_base(p_user_id, 'saldo', p_cliente_id, v_saldo, p_corte, '');
END $$;

-- Moves an owner's cut forward to `p_corte`, folding into the bases only the facts between the old cut and the
-- new one (the cost of the days in between, not of the history); the first cut folds everything before it.
-- Returns the owner's cut after the call (never moves backwards).
CREATE OR REPLACE FUNCTION public.avancar_corte_ate(p_user_id uuid, p_corte timestamptz)
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_antigo timestamptz;
  v_de text;
  v_ate text := public.hlc_do_instante(p_corte);
  v_ref uuid;
  v_base record;
BEGIN
  PERFORM public.travar_contadores(p_user_id);
  SELECT c.corte INTO v_antigo FROM public.cortes_contadores c WHERE c.user_id = p_user_id;
  IF v_antigo IS NOT NULL AND v_antigo >= p_corte THEN
    RETURN v_antigo;
  END IF;

  IF v_antigo IS NULL THEN
    -- Facts may name a product or client whose own row has not arrived yet: their ids count too.
    FOR v_ref IN SELECT p.id FROM public.produtos p WHERE p.user_id = p_user_id
                 UNION SELECT h.produto_id FROM public.historico_estoque h WHERE h.user_id = p_user_id
                 UNION SELECT i.produto_id FROM public.itens_venda i WHERE i.user_id = p_user_id
                 ORDER BY 1 LOOP
      PERFORM public.recalcular_base_estoque(v_ref, p_user_id, p_corte);
    END LOOP;
    FOR v_ref IN SELECT c.id FROM public.clientes c WHERE c.user_id = p_user_id
                 UNION SELECT v.cliente_id FROM public.vendas v WHERE v.user_id = p_user_id AND v.cliente_id IS NOT NULL
                 UNION SELECT l.cliente_id FROM public.fiado_lancamentos l WHERE l.user_id = p_user_id
                 ORDER BY 1 LOOP
      PERFORM public.recalcular_base_saldo(v_ref, p_user_id, p_corte);
    END LOOP;
  ELSE
    v_de := public.hlc_do_instante(v_antigo);
    -- Stock: per product with facts in [old cut, new cut), the latest count among them restarts the fold;
    -- without one, the old base plus the entries and minus the quantities sold.
    FOR v_base IN
    WITH vendidos AS (
      SELECT (i.value ->> 'produto_id')::uuid AS produto_id, v.hlc, round((i.value ->> 'quantidade')::numeric, 3) AS quantidade
        FROM public.vendas v, jsonb_array_elements(v.itens) i
       WHERE v.user_id = p_user_id AND NOT v._deleted
         AND v.hlc COLLATE "C" >= v_de COLLATE "C" AND v.hlc COLLATE "C" < v_ate COLLATE "C"
    ),
    estoque AS (
      SELECT h.produto_id, h.hlc, h.id, h.tipo, round(h.quantidade, 3) AS quantidade
        FROM public.historico_estoque h
       WHERE h.user_id = p_user_id AND NOT h._deleted
         AND h.hlc COLLATE "C" >= v_de COLLATE "C" AND h.hlc COLLATE "C" < v_ate COLLATE "C"
    ),
    produtos AS (
      SELECT produto_id FROM vendidos UNION SELECT produto_id FROM estoque
    ),
    contagens AS (
      SELECT DISTINCT ON (e.produto_id) e.produto_id, e.hlc, e.quantidade
        FROM estoque e WHERE e.tipo = 'ajuste'
       ORDER BY e.produto_id, e.hlc COLLATE "C" DESC, e.id::text COLLATE "C" DESC
    ),
    novas AS (
      SELECT p.produto_id,
             coalesce(c.hlc, b.ultima_contagem_hlc, '') AS ultima,
             CASE WHEN c.produto_id IS NOT NULL THEN c.quantidade ELSE coalesce(b.valor, 0) END
             + coalesce((SELECT sum(e.quantidade) FROM estoque e
                          WHERE e.produto_id = p.produto_id AND e.tipo = 'entrada'
                            AND (c.hlc IS NULL OR e.hlc COLLATE "C" > c.hlc COLLATE "C")), 0)
             - coalesce((SELECT sum(s.quantidade) FROM vendidos s
                          WHERE s.produto_id = p.produto_id
                            AND (c.hlc IS NULL OR s.hlc COLLATE "C" > c.hlc COLLATE "C")), 0) AS valor
        FROM produtos p
        LEFT JOIN contagens c ON c.produto_id = p.produto_id
        LEFT JOIN public.bases_contadores b ON b.user_id = p_user_id AND b.tipo = 'estoque' AND b.ref_id = p.produto_id
    )
    SELECT n.produto_id AS ref_id, n.valor, n.ultima FROM novas n ORDER BY n.produto_id
    LOOP
      PERFORM public.gravar_base(p_user_id, 'estoque', v_base.ref_id, v_base.valor, p_corte, v_base.ultima);
    END LOOP;

    -- Balances: sums, so the old base plus the fiado sales, debits and payments in between.
    FOR v_base IN
    WITH movimentos AS (
      SELECT v.cliente_id, public.valor_fiado_da_venda(v.tipo, v.total, v.pagamentos) AS valor
        FROM public.vendas v
       WHERE v.user_id = p_user_id AND NOT v._deleted AND v.tipo = 'fiado' AND v.cliente_id IS NOT NULL
         AND v.hlc COLLATE "C" >= v_de COLLATE "C" AND v.hlc COLLATE "C" < v_ate COLLATE "C"
      UNION ALL
      SELECT l.cliente_id, CASE WHEN l.tipo = 'debito' THEN l.valor ELSE -l.valor END
        FROM public.fiado_lancamentos l
       WHERE l.user_id = p_user_id AND NOT l._deleted AND l.created_at >= v_antigo AND l.created_at < p_corte
    )
    SELECT m.cliente_id AS ref_id, coalesce(max(b.valor), 0) + sum(m.valor) AS valor
      FROM movimentos m
      LEFT JOIN public.bases_contadores b ON b.user_id = p_user_id AND b.tipo = 'saldo' AND b.ref_id = m.cliente_id
     GROUP BY m.cliente_id
     ORDER BY m.cliente_id
    LOOP
      PERFORM public.gravar_base(p_user_id, 'saldo', v_base.ref_id, v_base.valor, p_corte, '');
    END LOOP;
  END IF;

  INSERT INTO public.cortes_contadores AS c (user_id, corte) VALUES (p_user_id, p_corte)
  ON CONFLICT (user_id) DO UPDATE SET corte = EXCLUDED.corte, updated_at = now();
  RETURN p_corte;
END $$;
-- The daily rollups put each part in its method's column (0024): a split sale still counts once in `vendas`, and in
-- each column where it has a part (`avista` holds every part paid at the counter, `fiado` the fiado part).
CREATE OR REPLACE FUNCTION public.resumo_vendas_sql(p_versoes text)
RETURNS text[]
LANGUAGE sql IMMUTABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT ARRAY[format(
    'INSERT INTO public.resumos_dia AS r (user_id, dia, vendas, total, avista, avista_qtd, fiado, fiado_qtd,
                                          dinheiro, dinheiro_qtd, cartao, cartao_qtd, pix, pix_qtd, outro, outro_qtd)
     SELECT v.user_id, v.data,
            sum(v.peso), sum(v.peso * v.total),
            sum(v.peso * v.avista), coalesce(sum(v.peso) FILTER (WHERE v.tem_avista), 0),
            sum(v.peso * v.fiado), coalesce(sum(v.peso) FILTER (WHERE v.tem_fiado), 0),
            sum(v.peso * v.dinheiro), coalesce(sum(v.peso) FILTER (WHERE v.tem_dinheiro), 0),
            sum(v.peso * v.cartao), coalesce(sum(v.peso) FILTER (WHERE v.tem_cartao), 0),
            sum(v.peso * v.pix), coalesce(sum(v.peso) FILTER (WHERE v.tem_pix), 0),
            sum(v.peso * v.outro), coalesce(sum(v.peso) FILTER (WHERE v.tem_outro), 0)
       FROM (SELECT s.user_id, s.data, s.total, p.*, CASE WHEN s._deleted THEN 0 ELSE s.sinal END AS peso
               FROM (%s) s
              CROSS JOIN LATERAL (
                SELECT coalesce(sum(x.valor) FILTER (WHERE x.forma <> ''fiado''), 0) AS avista,
                       coalesce(bool_or(x.forma <> ''fiado''), false) AS tem_avista,
                       coalesce(sum(x.valor) FILTER (WHERE x.forma = ''fiado''), 0) AS fiado,
                       coalesce(bool_or(x.forma = ''fiado''), false) AS tem_fiado,
                       coalesce(sum(x.valor) FILTER (WHERE x.forma = ''dinheiro''), 0) AS dinheiro,
                       coalesce(bool_or(x.forma = ''dinheiro''), false) AS tem_dinheiro,
                       coalesce(sum(x.valor) FILTER (WHERE x.forma = ''cartao''), 0) AS cartao,
                       coalesce(bool_or(x.forma = ''cartao''), false) AS tem_cartao,
                       coalesce(sum(x.valor) FILTER (WHERE x.forma = ''pix''), 0) AS pix,
                       coalesce(bool_or(x.forma = ''pix''), false) AS tem_pix,
                       coalesce(sum(x.valor) FILTER (WHERE x.forma = ''outro''), 0) AS outro,
                       coalesce(bool_or(x.forma = ''outro''), false) AS tem_outro
                  FROM public.partes_da_venda(s.tipo, s.forma_pagamento, s.total, s.pagamentos) x) p) v
      GROUP BY v.user_id, v.data
      ORDER BY v.user_id, v.data
     ON CONFLICT (user_id, dia, produto_id) DO UPDATE SET
       vendas = r.vendas + EXCLUDED.vendas, total = r.total + EXCLUDED.total,
       avista = r.avista + EXCLUDED.avista, avista_qtd = r.avista_qtd + EXCLUDED.avista_qtd,
       fiado = r.fiado + EXCLUDED.fiado, fiado_qtd = r.fiado_qtd + EXCLUDED.fiado_qtd,
       dinheiro = r.dinheiro + EXCLUDED.dinheiro, dinheiro_qtd = r.dinheiro_qtd + EXCLUDED.dinheiro_qtd,
       cartao = r.cartao + EXCLUDED.cartao, cartao_qtd = r.cartao_qtd + EXCLUDED.cartao_qtd,
       pix = r.pix + EXCLUDED.pix, pix_qtd = r.pix_qtd + EXCLUDED.pix_qtd,
       outro = r.outro + EXCLUDED.outro, outro_qtd = r.outro_qtd + EXCLUDED.outro_qtd,
       updated_at = now()',
    p_versoes), format(
    'INSERT INTO public.resumos_dia AS r (user_id, dia, produto_id, nome, unidade, quantidade, receita)
     SELECT v.user_id, v.data, (i.value ->> ''produto_id'')::uuid,
            (array_agg(i.value ->> ''nome_produto'' ORDER BY v.sinal DESC))[1],
            (array_agg(i.value ->> ''unidade_produto'' ORDER BY v.sinal DESC))[1],
            sum(CASE WHEN v._deleted THEN 0 ELSE v.sinal END * (i.value ->> ''quantidade'')::numeric),
            sum(CASE WHEN v._deleted THEN 0 ELSE v.sinal END * (i.value ->> ''preco_total'')::numeric)
       FROM (%s) v, jsonb_array_elements(v.itens) i
      GROUP BY v.user_id, v.data, (i.value ->> ''produto_id'')::uuid
      ORDER BY 1, 2, 3
     ON CONFLICT (user_id, dia, produto_id) DO UPDATE SET
       nome = EXCLUDED.nome, unidade = EXCLUDED.unidade,
       quantidade = r.quantidade + EXCLUDED.quantidade, receita = r.receita + EXCLUDED.receita, updated_at = now()',
    p_versoes)]
$$;

CREATE OR REPLACE FUNCTION public.vendas_resumidas()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_novas constant text := 'SELECT n.user_id, n.data, n.total, n.tipo, n.forma_pagamento, n.pagamentos, n.itens, n._deleted, 1 AS sinal FROM novos n';
  v_antigas constant text := 'SELECT o.user_id, o.data, o.total, o.tipo, o.forma_pagamento, o.pagamentos, o.itens, o._deleted, -1 AS sinal FROM antigos o';
  v_sql text;
BEGIN
  FOREACH v_sql IN ARRAY public.resumo_vendas_sql(CASE TG_OP
    WHEN 'INSERT' THEN v_novas
    WHEN 'UPDATE' THEN v_novas || ' UNION ALL ' || v_antigas
    ELSE v_antigas END) LOOP
    EXECUTE v_sql;
  END LOOP;
  RETURN NULL;
END $$;

-- Sales and a client's statement beyond the window (0032, 0041) carry the parts; the statement shows a split
-- sale's fiado part, which is what it added to the balance.
CREATE OR REPLACE FUNCTION public.vendas_anteriores(
  p_antes date,
  p_de date DEFAULT NULL,
  p_ate date DEFAULT NULL,
  p_tipo text DEFAULT NULL,
  p_apos_data date DEFAULT NULL,
  p_apos_id uuid DEFAULT NULL,
  p_limite integer DEFAULT 20
)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF p_antes IS NULL OR p_limite IS NULL OR p_limite NOT BETWEEN 1 AND 100 OR (p_apos_data IS NULL) <> (p_apos_id IS NULL)
     OR (p_tipo IS NOT NULL AND p_tipo NOT IN ('avista', 'fiado')) THEN
    RAISE EXCEPTION 'Consulta de vendas inválida' USING ERRCODE = '22023';
  END IF;
  RETURN coalesce((
    SELECT jsonb_agg(jsonb_build_object(
             'id', v.id, 'data', v.data, 'tipo', v.tipo, 'cliente_id', v.cliente_id, 'forma_pagamento', v.forma_pagamento,
             'forma_pagamento_descricao', v.forma_pagamento_descricao, 'total', v.total, 'itens', v.itens,
             'valor_recebido', v.valor_recebido, 'desconto', v.desconto, 'pagamentos', v.pagamentos,
             'created_at', v.created_at, '_modified', v._modified)
             ORDER BY v.data DESC, v.id DESC)
      FROM (SELECT s.*
              FROM public.vendas s
             WHERE s.user_id = auth.uid() AND NOT s._deleted AND s.data < p_antes
               AND (p_de IS NULL OR s.data >= p_de) AND (p_ate IS NULL OR s.data <= p_ate)
               AND (p_tipo IS NULL OR s.tipo = p_tipo)
               AND (p_apos_data IS NULL OR s.data < p_apos_data OR (s.data = p_apos_data AND s.id < p_apos_id))
             ORDER BY s.data DESC, s.id DESC
             LIMIT p_limite) v), '[]'::jsonb);
END $$;

CREATE OR REPLACE FUNCTION public.lancamentos_anteriores(
  p_cliente uuid,
  p_antes_data date DEFAULT NULL,
  p_antes_criado timestamptz DEFAULT NULL,
  p_antes_id uuid DEFAULT NULL,
  p_limite integer DEFAULT 20
)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF p_cliente IS NULL OR p_limite IS NULL OR p_limite NOT BETWEEN 1 AND 100
     OR (p_antes_data IS NULL) <> (p_antes_criado IS NULL) OR (p_antes_data IS NULL) <> (p_antes_id IS NULL) THEN
    RAISE EXCEPTION 'Consulta de lançamentos inválida' USING ERRCODE = '22023';
  END IF;
  RETURN coalesce((
    SELECT jsonb_agg(jsonb_build_object(
             'id', f.id, 'kind', f.kind, 'valor', f.valor, 'data', f.data, 'created_at', f.created_at,
             'descricao', f.descricao, 'estorno_de', f.estorno_de)
             ORDER BY f.data DESC, f.created_at DESC, f.id DESC)
      FROM (SELECT u.*
              FROM (SELECT v.id, 'venda' AS kind, public.valor_fiado_da_venda(v.tipo, v.total, v.pagamentos) AS valor, v.data, v.created_at, NULL::text AS descricao,
                           NULL::uuid AS estorno_de
                      FROM public.vendas v
                     WHERE v.user_id = auth.uid() AND v.cliente_id = p_cliente AND v.tipo = 'fiado' AND NOT v._deleted
                    UNION ALL
                    SELECT l.id, l.tipo, l.valor, l.data, l.created_at, l.descricao, l.estorno_de
                      FROM public.fiado_lancamentos l
                     WHERE l.user_id = auth.uid() AND l.cliente_id = p_cliente AND NOT l._deleted) u
             WHERE p_antes_data IS NULL OR (u.data, u.created_at, u.id) < (p_antes_data, p_antes_criado, p_antes_id)
             ORDER BY u.data DESC, u.created_at DESC, u.id DESC
             LIMIT p_limite) f), '[]'::jsonb);
END $$;

-- The admin's sales (0042) show a split sale's parts.
CREATE OR REPLACE FUNCTION public.admin_sales_page(
  p_search text DEFAULT NULL,
  p_tipo text DEFAULT NULL,
  p_limit integer DEFAULT 10,
  p_offset integer DEFAULT 0
)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_busca text := nullif(public.texto_de_busca(btrim(p_search)), '');
  v_donos uuid[];
  v_clientes uuid[];
  v_figuras record;
  v_linhas jsonb;
BEGIN
  PERFORM public.exigir_admin();
  IF p_tipo IS NOT NULL AND p_tipo NOT IN ('avista', 'fiado') THEN
    RAISE EXCEPTION 'Tipo inválido: use avista ou fiado.' USING ERRCODE = '22023';
  END IF;
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 100 OR p_offset IS NULL OR p_offset < 0 THEN
    RAISE EXCEPTION 'Página inválida.' USING ERRCODE = '22023';
  END IF;
  IF v_busca IS NOT NULL THEN
    SELECT coalesce(array_agg(u.id), '{}') INTO v_donos
      FROM public.users u LEFT JOIN auth.users a ON a.id = u.id
     WHERE strpos(public.texto_de_busca(concat_ws(E'\x1f', u.nome, u.nome_mercado, coalesce(a.email, u.email))), v_busca) > 0;
    SELECT coalesce(array_agg(c.id), '{}') INTO v_clientes
      FROM public.clientes c
     WHERE strpos(public.texto_de_busca(c.nome), v_busca) > 0;
  END IF;

  SELECT count(*) AS todas, count(*) FILTER (WHERE v.tipo <> 'fiado') AS avista, count(*) FILTER (WHERE v.tipo = 'fiado') AS fiado,
         coalesce(sum(v.total), 0) AS receita
    INTO v_figuras
    FROM public.vendas v
   WHERE NOT v._deleted
     AND (v_busca IS NULL
          OR v.user_id = ANY (v_donos)
          OR v.cliente_id = ANY (v_clientes)
          OR strpos(public.texto_de_busca(concat_ws(E'\x1f', v.forma_pagamento, v.forma_pagamento_descricao)), v_busca) > 0);

  WITH pagina AS (
    SELECT v.id, v.user_id, v.data, v.total, v.tipo, v.forma_pagamento, v.forma_pagamento_descricao, v.pagamentos,
           v.created_at, v.cliente_id
      FROM public.vendas v
     WHERE NOT v._deleted
       AND (p_tipo IS NULL OR v.tipo = p_tipo)
       AND (v_busca IS NULL
            OR v.user_id = ANY (v_donos)
            OR v.cliente_id = ANY (v_clientes)
            OR strpos(public.texto_de_busca(concat_ws(E'\x1f', v.forma_pagamento, v.forma_pagamento_descricao)), v_busca) > 0)
     ORDER BY v.created_at DESC, v.id
     LIMIT p_limit OFFSET p_offset
  ), linhas AS (
    SELECT g.id, g.user_id, g.data, g.total, g.tipo, g.forma_pagamento, g.forma_pagamento_descricao, g.pagamentos, g.created_at,
           u.nome AS usuario_nome, u.nome_mercado, coalesce(a.email, u.email)::text AS usuario_email,
           g.cliente_id, c.nome AS cliente_nome, c.telefone AS cliente_telefone
      FROM pagina g
      LEFT JOIN public.users u ON u.id = g.user_id
      LEFT JOIN auth.users a ON a.id = g.user_id
      LEFT JOIN public.clientes c ON c.id = g.cliente_id AND c.user_id = g.user_id
  )
  SELECT coalesce(jsonb_agg(to_jsonb(l) ORDER BY l.created_at DESC, l.id), '[]'::jsonb) INTO v_linhas FROM linhas l;

  RETURN jsonb_build_object(
    'total', CASE p_tipo WHEN 'fiado' THEN v_figuras.fiado WHEN 'avista' THEN v_figuras.avista ELSE v_figuras.todas END,
    'todas', v_figuras.todas, 'avista', v_figuras.avista, 'fiado', v_figuras.fiado, 'receita', v_figuras.receita,
    'rows', v_linhas);
END $$;
