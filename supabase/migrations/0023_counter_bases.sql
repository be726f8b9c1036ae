-- Bases of the derived counters (docs/growth.md §4). Per owner, a cut (the start of the owner's current day in
-- America/Sao_Paulo) and, per product and per client, the fold of every fact before it: the stock as
-- `estoque_derivado` would give it counting only facts stamped before the cut, the balance as `saldo_derivado`
-- would. A device then counts on top of a base only the facts at or after the base's cut and those not yet folded
-- into it, so opening the app costs the catalogue and one day, not the shop's history.
--
-- A fact's time is the physical part of its HLC for sales and stock facts, its `created_at` for ledger entries.
-- Bases are written only here (the cut's advance and the triggers below, under the owner's counter lock), read by
-- their owner and replicated like any other table. A fact written, edited or removed before the owner's cut
-- recomputes the bases it touches in the same transaction, so a base row's `_modified` is later than the
-- `_modified` of every fact it folds: the device's rule for "not yet folded".

CREATE TABLE public.cortes_contadores (
  user_id uuid PRIMARY KEY,
  corte timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.cortes_contadores ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.cortes_contadores FROM anon, authenticated;
GRANT SELECT ON public.cortes_contadores TO authenticated;
GRANT ALL ON public.cortes_contadores TO service_role;
CREATE POLICY dono_le ON public.cortes_contadores FOR SELECT TO authenticated
  USING (user_id = auth.uid() OR public.is_admin());

CREATE TABLE public.bases_contadores (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  tipo text NOT NULL CONSTRAINT bases_contadores_tipo_valido CHECK (tipo IN ('estoque', 'saldo')),
  -- The product (estoque) or client (saldo) the base belongs to.
  ref_id uuid NOT NULL,
  valor numeric(17, 3) NOT NULL CONSTRAINT bases_contadores_valor_finito CHECK (valor NOT IN ('NaN', 'Infinity', '-Infinity')),
  -- Every fact stamped before this instant is folded in (and no fact at or after it).
  corte timestamptz NOT NULL,
  -- Stock: the HLC of the latest count folded in ('' when none); facts before it do not move the stock.
  ultima_contagem_hlc text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false,
  CONSTRAINT bases_contadores_unica UNIQUE (user_id, tipo, ref_id)
);
CREATE INDEX bases_contadores_modified_idx ON public.bases_contadores (_modified, id);
CREATE INDEX bases_contadores_user_modified_idx ON public.bases_contadores (user_id, _modified);
CREATE TRIGGER carimbar_modified BEFORE INSERT OR UPDATE ON public.bases_contadores
  FOR EACH ROW EXECUTE FUNCTION public.carimbar_modified();

ALTER TABLE public.bases_contadores ENABLE ROW LEVEL SECURITY;
ALTER PUBLICATION supabase_realtime ADD TABLE public.bases_contadores;
REVOKE ALL ON public.bases_contadores FROM anon, authenticated;
GRANT SELECT ON public.bases_contadores TO authenticated;
GRANT ALL ON public.bases_contadores TO service_role;
CREATE POLICY dono_le ON public.bases_contadores FOR SELECT TO authenticated
  USING (user_id = auth.uid() OR public.is_admin());

-- The cut and the day's facts are found by owner and stamp.
CREATE INDEX vendas_user_hlc_idx ON public.vendas (user_id, (hlc COLLATE "C"));
CREATE INDEX historico_estoque_user_hlc_idx ON public.historico_estoque (user_id, (hlc COLLATE "C"));
CREATE INDEX fiado_lancamentos_user_criacao_idx ON public.fiado_lancamentos (user_id, created_at);

-- An instant as the first 11 characters of an HLC (base-36 milliseconds, as workers/sync/hlc.ts): every stamp
-- of a later instant compares greater, every stamp of an earlier one smaller.
CREATE OR REPLACE FUNCTION public.hlc_do_instante(p_instante timestamptz)
RETURNS text
LANGUAGE plpgsql IMMUTABLE SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_digits constant text := '0123456789abcdefghijklmnopqrstuvwxyz';
  v_ms bigint := floor(extract(epoch FROM p_instante) * 1000)::bigint;
  v_out text := '';
BEGIN
  WHILE v_ms > 0 LOOP
    v_out := substr(v_digits, (v_ms % 36)::integer + 1, 1) || v_out;
    v_ms := v_ms / 36;
  END LOOP;
  RETURN lpad(v_out, 11, '0');
END $$;
GRANT EXECUTE ON FUNCTION public.hlc_do_instante(timestamptz) TO authenticated, service_role;

-- The start of the owner's day that contains the instant (the reports' time zone).
CREATE OR REPLACE FUNCTION public.inicio_do_dia(p_instante timestamptz)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT (date_trunc('day', p_instante AT TIME ZONE 'America/Sao_Paulo')) AT TIME ZONE 'America/Sao_Paulo'
$$;
GRANT EXECUTE ON FUNCTION public.inicio_do_dia(timestamptz) TO authenticated, service_role;

-- Writes a base; the row moves (`_modified`) even when the value is the same, because a fact was just folded in.
CREATE OR REPLACE FUNCTION public.gravar_base(p_user_id uuid, p_tipo text, p_ref_id uuid, p_valor numeric,
                                              p_corte timestamptz, p_ultima_contagem_hlc text)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
  INSERT INTO public.bases_contadores AS b (user_id, tipo, ref_id, valor, corte, ultima_contagem_hlc)
  VALUES (p_user_id, p_tipo, p_ref_id, p_valor, p_corte, p_ultima_contagem_hlc)
  ON CONFLICT (user_id, tipo, ref_id) DO UPDATE
    SET valor = EXCLUDED.valor, corte = EXCLUDED.corte, ultima_contagem_hlc = EXCLUDED.ultima_contagem_hlc, updated_at = now()
$$;

-- A product's base from every fact before the cut (for a fact that arrived late: the product's own history).
CREATE OR REPLACE FUNCTION public.recalcular_base_estoque(p_produto_id uuid, p_user_id uuid, p_corte timestamptz)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_corte text := public.hlc_do_instante(p_corte);
  v_contagem numeric := 0;
  v_depois text := '';
  v_entradas numeric;
  v_vendido numeric;
BEGIN
  SELECT h.quantidade, h.hlc INTO v_contagem, v_depois
    FROM public.historico_estoque h
   WHERE h.produto_id = p_produto_id AND h.user_id = p_user_id AND NOT h._deleted AND h.tipo = 'ajuste'
     AND h.hlc COLLATE "C" < v_corte COLLATE "C"
   ORDER BY h.hlc COLLATE "C" DESC, h.id::text COLLATE "C" DESC
   LIMIT 1;
  IF NOT FOUND THEN
    v_contagem := 0;
    v_depois := '';
  END IF;
  SELECT coalesce(sum(round(h.quantidade, 3)), 0) INTO v_entradas
    FROM public.historico_estoque h
   WHERE h.produto_id = p_produto_id AND h.user_id = p_user_id AND NOT h._deleted AND h.tipo = 'entrada'
     AND h.hlc COLLATE "C" > v_depois COLLATE "C" AND h.hlc COLLATE "C" < v_corte COLLATE "C";
  SELECT coalesce(sum(round((i.value ->> 'quantidade')::numeric, 3)), 0) INTO v_vendido
    FROM public.vendas v, jsonb_array_elements(v.itens) i
   WHERE v.user_id = p_user_id AND NOT v._deleted
     AND v.itens @> jsonb_build_array(jsonb_build_object('produto_id', p_produto_id::text))
     AND v.hlc COLLATE "C" > v_depois COLLATE "C" AND v.hlc COLLATE "C" < v_corte COLLATE "C"
     AND i.value ->> 'produto_id' = p_produto_id::text;
  PERFORM public.gravar_base(p_user_id, 'estoque', p_produto_id, round(v_contagem, 3) + v_entradas - v_vendido, p_corte, v_depois);
END $$;

-- A client's base from every fact before the cut.
CREATE OR REPLACE FUNCTION public.recalcular_base_saldo(p_cliente_id uuid, p_user_id uuid, p_corte timestamptz)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_corte text := public.hlc_do_instante(p_corte);
  v_saldo numeric;
BEGIN
  SELECT coalesce((SELECT sum(v.total) FROM public.vendas v
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
      SELECT v.cliente_id, v.total AS valor
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
REVOKE ALL ON FUNCTION public.gravar_base(uuid, text, uuid, numeric, timestamptz, text),
                       public.recalcular_base_estoque(uuid, uuid, timestamptz),
                       public.recalcular_base_saldo(uuid, uuid, timestamptz),
                       public.avancar_corte_ate(uuid, timestamptz)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.gravar_base(uuid, text, uuid, numeric, timestamptz, text),
                          public.recalcular_base_estoque(uuid, uuid, timestamptz),
                          public.recalcular_base_saldo(uuid, uuid, timestamptz),
                          public.avancar_corte_ate(uuid, timestamptz)
  TO service_role;

-- The device asks for today's cut when it starts syncing: the caller's cut moves to the start of today.
CREATE OR REPLACE FUNCTION public.avancar_corte()
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_user uuid := auth.uid();
BEGIN
  IF v_user IS NULL THEN
    RAISE EXCEPTION 'Sessão necessária' USING ERRCODE = '42501';
  END IF;
  RETURN public.avancar_corte_ate(v_user, public.inicio_do_dia(now()));
END $$;
REVOKE ALL ON FUNCTION public.avancar_corte() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.avancar_corte() TO authenticated, service_role;

-- Facts written before their owner's cut (a device back after days offline, an edit of yesterday's sale):
-- the bases they touch are folded again up to the cut, once per statement, owners locked first.
CREATE OR REPLACE FUNCTION public.fatos_antes_do_corte()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  -- Every version the statement added or replaced, with its fact time and what it touches.
  v_versoes text := CASE TG_TABLE_NAME
    WHEN 'vendas' THEN
      'SELECT v.user_id, v.hlc COLLATE "C" AS hlc, NULL::timestamptz AS criado, v.itens, v.cliente_id, NULL::uuid AS produto_id FROM %s v'
    WHEN 'historico_estoque' THEN
      'SELECT v.user_id, v.hlc COLLATE "C" AS hlc, NULL::timestamptz AS criado, NULL::jsonb AS itens, NULL::uuid AS cliente_id, v.produto_id FROM %s v'
    ELSE
      'SELECT v.user_id, NULL::text COLLATE "C" AS hlc, v.created_at AS criado, NULL::jsonb AS itens, v.cliente_id, NULL::uuid AS produto_id FROM %s v'
  END;
  v_todas text := CASE TG_OP
    WHEN 'INSERT' THEN format(v_versoes, 'novos')
    WHEN 'UPDATE' THEN format(v_versoes, 'novos') || ' UNION ALL ' || format(v_versoes, 'antigos')
    ELSE format(v_versoes, 'antigos')
  END;
  v_alvo record;
  v_dono uuid;
BEGIN
  -- Owners locked before their cut is read: an advance in flight commits first, and its cut is then seen here.
  FOR v_dono IN EXECUTE format('SELECT DISTINCT t.user_id FROM (%s) t ORDER BY 1', v_todas) LOOP
    PERFORM public.travar_contadores(v_dono);
  END LOOP;
  FOR v_alvo IN EXECUTE format(
    'WITH versoes AS (%s),
     atrasadas AS (
       SELECT v.* , c.corte FROM versoes v JOIN public.cortes_contadores c ON c.user_id = v.user_id
        WHERE (v.hlc IS NOT NULL AND v.hlc < public.hlc_do_instante(c.corte) COLLATE "C")
           OR (v.criado IS NOT NULL AND v.criado < c.corte)
     )
     SELECT DISTINCT a.user_id, ''estoque'' AS tipo, coalesce(a.produto_id, (i.value ->> ''produto_id'')::uuid) AS ref_id
       FROM atrasadas a LEFT JOIN LATERAL jsonb_array_elements(coalesce(a.itens, ''[]''::jsonb)) i ON true
      WHERE a.produto_id IS NOT NULL OR i.value IS NOT NULL
     UNION
     SELECT DISTINCT a.user_id, ''saldo'', a.cliente_id FROM atrasadas a WHERE a.cliente_id IS NOT NULL
     ORDER BY 1, 2, 3', v_todas)
  LOOP
    IF v_alvo.tipo = 'estoque' THEN
      PERFORM public.recalcular_base_estoque(v_alvo.ref_id, v_alvo.user_id,
                                             (SELECT c.corte FROM public.cortes_contadores c WHERE c.user_id = v_alvo.user_id));
    ELSE
      PERFORM public.recalcular_base_saldo(v_alvo.ref_id, v_alvo.user_id,
                                           (SELECT c.corte FROM public.cortes_contadores c WHERE c.user_id = v_alvo.user_id));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

DO $$
DECLARE
  v_tabela text;
BEGIN
  FOREACH v_tabela IN ARRAY ARRAY['vendas', 'historico_estoque', 'fiado_lancamentos'] LOOP
    EXECUTE format('CREATE TRIGGER bases_inseridas AFTER INSERT ON public.%I
                      REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION public.fatos_antes_do_corte()', v_tabela);
    EXECUTE format('CREATE TRIGGER bases_editadas AFTER UPDATE ON public.%I
                      REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION public.fatos_antes_do_corte()',
                   v_tabela);
    EXECUTE format('CREATE TRIGGER bases_apagadas AFTER DELETE ON public.%I
                      REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION public.fatos_antes_do_corte()', v_tabela);
  END LOOP;
END $$;
