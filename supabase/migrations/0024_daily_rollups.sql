-- Daily rollups (docs/growth.md §5): per owner and day, the figures of the day's sales and expenses, and per day
-- and product what was sold; kept by statement triggers as exact sums (a version added adds, a version replaced
-- subtracts), so a report of a year reads 365 rows and a GROUP BY over day-product rows, never a year of sales.
-- The day is the sale's (and the expense's) stored `data`, as the reports bucket them. Every write of a sale or
-- an expense moves its day's rows (`_modified`) even when the figures do not change, so a rollup row is newer
-- than every fact it folds: the device's rule for "not yet folded" (as for the counter bases, 0023).

-- One table, so a device holds them in one collection: the day's row has no product (`produto_id` null) and
-- carries the sales' and expenses' sums; a product's row of the day carries its quantity and revenue.
CREATE TABLE public.resumos_dia (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  dia date NOT NULL,
  produto_id uuid,
  vendas integer NOT NULL DEFAULT 0,
  total numeric(16, 2) NOT NULL DEFAULT 0,
  avista numeric(16, 2) NOT NULL DEFAULT 0,
  avista_qtd integer NOT NULL DEFAULT 0,
  fiado numeric(16, 2) NOT NULL DEFAULT 0,
  fiado_qtd integer NOT NULL DEFAULT 0,
  -- À vista by payment method (the reports' dinheiro, cartão, PIX and the rest).
  dinheiro numeric(16, 2) NOT NULL DEFAULT 0,
  dinheiro_qtd integer NOT NULL DEFAULT 0,
  cartao numeric(16, 2) NOT NULL DEFAULT 0,
  cartao_qtd integer NOT NULL DEFAULT 0,
  pix numeric(16, 2) NOT NULL DEFAULT 0,
  pix_qtd integer NOT NULL DEFAULT 0,
  outro numeric(16, 2) NOT NULL DEFAULT 0,
  outro_qtd integer NOT NULL DEFAULT 0,
  despesas numeric(16, 2) NOT NULL DEFAULT 0,
  despesas_qtd integer NOT NULL DEFAULT 0,
  -- A product's row: the name and unit the latest sale of the day gave it (a product removed since keeps a name).
  nome text,
  unidade text,
  quantidade numeric(17, 3) NOT NULL DEFAULT 0,
  receita numeric(16, 2) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false,
  CONSTRAINT resumos_dia_unico UNIQUE NULLS NOT DISTINCT (user_id, dia, produto_id)
);

-- Sums of numbers are numbers: every numeric column refuses NaN and ±Infinity, as every table's do.
DO $$
DECLARE
  v_coluna text;
BEGIN
  FOREACH v_coluna IN ARRAY ARRAY['total', 'avista', 'fiado', 'dinheiro', 'cartao', 'pix', 'outro', 'despesas', 'quantidade', 'receita'] LOOP
    EXECUTE format('ALTER TABLE public.resumos_dia ADD CONSTRAINT %1$s CHECK (%2$I NOT IN (''NaN'', ''Infinity'', ''-Infinity''))',
                   'resumos_dia_' || v_coluna || '_finito', v_coluna);
  END LOOP;
END $$;

DO $$
DECLARE
  v_tabela text;
BEGIN
  FOREACH v_tabela IN ARRAY ARRAY['resumos_dia'] LOOP
    EXECUTE format('CREATE INDEX %1$s_modified_idx ON public.%1$I (_modified, id)', v_tabela);
    EXECUTE format('CREATE INDEX %1$s_user_modified_idx ON public.%1$I (user_id, _modified)', v_tabela);
    EXECUTE format('CREATE TRIGGER carimbar_modified BEFORE INSERT OR UPDATE ON public.%I
                      FOR EACH ROW EXECUTE FUNCTION public.carimbar_modified()', v_tabela);
    EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', v_tabela);
    EXECUTE format('ALTER PUBLICATION supabase_realtime ADD TABLE public.%I', v_tabela);
    EXECUTE format('REVOKE ALL ON public.%I FROM anon, authenticated', v_tabela);
    EXECUTE format('GRANT SELECT ON public.%I TO authenticated', v_tabela);
    EXECUTE format('GRANT ALL ON public.%I TO service_role', v_tabela);
    EXECUTE format('CREATE POLICY dono_le ON public.%I FOR SELECT TO authenticated
                      USING (user_id = auth.uid() OR public.is_admin())', v_tabela);
  END LOOP;
END $$;

-- The statements that add the given versions of sales (sign +1 for a version written, −1 for one replaced) to
-- their days. `p_versoes` is a query of (user_id, data, total, tipo, forma_pagamento, itens, _deleted, sinal);
-- deleted versions weigh nothing but still move their day's rows. Returned, not run: a trigger's transition
-- tables are visible only to the trigger function itself.
CREATE OR REPLACE FUNCTION public.resumo_vendas_sql(p_versoes text)
RETURNS text[]
LANGUAGE sql IMMUTABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT ARRAY[format(
    'INSERT INTO public.resumos_dia AS r (user_id, dia, vendas, total, avista, avista_qtd, fiado, fiado_qtd,
                                          dinheiro, dinheiro_qtd, cartao, cartao_qtd, pix, pix_qtd, outro, outro_qtd)
     SELECT v.user_id, v.data,
            sum(v.peso), sum(v.peso * v.total),
            coalesce(sum(v.peso * v.total) FILTER (WHERE v.tipo <> ''fiado''), 0), coalesce(sum(v.peso) FILTER (WHERE v.tipo <> ''fiado''), 0),
            coalesce(sum(v.peso * v.total) FILTER (WHERE v.tipo = ''fiado''), 0), coalesce(sum(v.peso) FILTER (WHERE v.tipo = ''fiado''), 0),
            coalesce(sum(v.peso * v.total) FILTER (WHERE v.forma = ''dinheiro''), 0), coalesce(sum(v.peso) FILTER (WHERE v.forma = ''dinheiro''), 0),
            coalesce(sum(v.peso * v.total) FILTER (WHERE v.forma = ''cartao''), 0), coalesce(sum(v.peso) FILTER (WHERE v.forma = ''cartao''), 0),
            coalesce(sum(v.peso * v.total) FILTER (WHERE v.forma = ''pix''), 0), coalesce(sum(v.peso) FILTER (WHERE v.forma = ''pix''), 0),
            coalesce(sum(v.peso * v.total) FILTER (WHERE v.forma = ''outro''), 0), coalesce(sum(v.peso) FILTER (WHERE v.forma = ''outro''), 0)
       FROM (SELECT s.user_id, s.data, s.total, s.tipo,
                    CASE WHEN s.tipo = ''fiado'' THEN NULL
                         WHEN s.forma_pagamento IN (''dinheiro'', ''cartao'', ''pix'') THEN s.forma_pagamento
                         ELSE ''outro'' END AS forma,
                    CASE WHEN s._deleted THEN 0 ELSE s.sinal END AS peso
               FROM (%s) s) v
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
  v_novas constant text := 'SELECT n.user_id, n.data, n.total, n.tipo, n.forma_pagamento, n.itens, n._deleted, 1 AS sinal FROM novos n';
  v_antigas constant text := 'SELECT o.user_id, o.data, o.total, o.tipo, o.forma_pagamento, o.itens, o._deleted, -1 AS sinal FROM antigos o';
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

CREATE TRIGGER resumos_inseridos AFTER INSERT ON public.vendas
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION public.vendas_resumidas();
CREATE TRIGGER resumos_editados AFTER UPDATE ON public.vendas
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION public.vendas_resumidas();
CREATE TRIGGER resumos_apagados AFTER DELETE ON public.vendas
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION public.vendas_resumidas();

CREATE OR REPLACE FUNCTION public.despesas_resumidas()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_novas constant text := 'SELECT n.user_id, n.data, n.valor, n._deleted, 1 AS sinal FROM novos n';
  v_antigas constant text := 'SELECT o.user_id, o.data, o.valor, o._deleted, -1 AS sinal FROM antigos o';
BEGIN
  EXECUTE format(
    'INSERT INTO public.resumos_dia AS r (user_id, dia, despesas, despesas_qtd)
     SELECT v.user_id, v.data, sum(v.peso * v.valor), sum(v.peso)
       FROM (SELECT s.*, CASE WHEN s._deleted THEN 0 ELSE s.sinal END AS peso FROM (%s) s) v
      GROUP BY v.user_id, v.data
      ORDER BY 1, 2
     ON CONFLICT (user_id, dia, produto_id) DO UPDATE SET
       despesas = r.despesas + EXCLUDED.despesas, despesas_qtd = r.despesas_qtd + EXCLUDED.despesas_qtd, updated_at = now()',
    CASE TG_OP WHEN 'INSERT' THEN v_novas WHEN 'UPDATE' THEN v_novas || ' UNION ALL ' || v_antigas ELSE v_antigas END);
  RETURN NULL;
END $$;

CREATE TRIGGER resumos_inseridos AFTER INSERT ON public.despesas
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION public.despesas_resumidas();
CREATE TRIGGER resumos_editados AFTER UPDATE ON public.despesas
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION public.despesas_resumidas();
CREATE TRIGGER resumos_apagados AFTER DELETE ON public.despesas
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION public.despesas_resumidas();

REVOKE ALL ON FUNCTION public.resumo_vendas_sql(text), public.vendas_resumidas(), public.despesas_resumidas()
  FROM PUBLIC, anon, authenticated;

-- The rollups of what is already there (a database migrated with its history).
DO $$
DECLARE
  v_sql text;
BEGIN
  FOREACH v_sql IN ARRAY public.resumo_vendas_sql(
    'SELECT v.user_id, v.data, v.total, v.tipo, v.forma_pagamento, v.itens, v._deleted, 1 AS sinal FROM public.vendas v WHERE NOT v._deleted') LOOP
    EXECUTE v_sql;
  END LOOP;
END $$;
INSERT INTO public.resumos_dia AS r (user_id, dia, despesas, despesas_qtd)
SELECT d.user_id, d.data, sum(d.valor), count(*) FROM public.despesas d WHERE NOT d._deleted GROUP BY d.user_id, d.data
ON CONFLICT (user_id, dia, produto_id) DO UPDATE SET despesas = EXCLUDED.despesas, despesas_qtd = EXCLUDED.despesas_qtd;

-- A period's figures from the rollups, as the caller may read them (RLS): the days with their sums and, per
-- product, the quantity and revenue of the whole period. What a report of a year needs, in two index range scans.
CREATE OR REPLACE FUNCTION public.relatorio_periodo(p_de date, p_ate date)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF p_de IS NULL OR p_ate IS NULL OR p_ate < p_de OR p_ate - p_de > 3660 THEN
    RAISE EXCEPTION 'Período inválido' USING ERRCODE = '22023';
  END IF;
  RETURN jsonb_build_object(
    'dias', coalesce((SELECT jsonb_agg(jsonb_build_object(
                        'dia', r.dia, 'vendas', r.vendas, 'total', r.total, 'avista', r.avista, 'avista_qtd', r.avista_qtd,
                        'fiado', r.fiado, 'fiado_qtd', r.fiado_qtd, 'dinheiro', r.dinheiro, 'dinheiro_qtd', r.dinheiro_qtd,
                        'cartao', r.cartao, 'cartao_qtd', r.cartao_qtd, 'pix', r.pix, 'pix_qtd', r.pix_qtd,
                        'outro', r.outro, 'outro_qtd', r.outro_qtd, 'despesas', r.despesas, 'despesas_qtd', r.despesas_qtd)
                        ORDER BY r.dia)
                        FROM public.resumos_dia r
                       WHERE r.user_id = auth.uid() AND r.produto_id IS NULL AND r.dia BETWEEN p_de AND p_ate), '[]'::jsonb),
    'produtos', coalesce((SELECT jsonb_agg(jsonb_build_object('produto_id', p.produto_id, 'nome', p.nome, 'unidade', p.unidade,
                                                              'quantidade', p.quantidade, 'receita', p.receita)
                                           ORDER BY p.quantidade DESC, p.produto_id)
                            FROM (SELECT r.produto_id, (array_agg(r.nome ORDER BY r.dia DESC))[1] AS nome,
                                         (array_agg(r.unidade ORDER BY r.dia DESC))[1] AS unidade,
                                         sum(r.quantidade) AS quantidade, sum(r.receita) AS receita
                                    FROM public.resumos_dia r
                                   WHERE r.user_id = auth.uid() AND r.produto_id IS NOT NULL AND r.dia BETWEEN p_de AND p_ate
                                   GROUP BY r.produto_id
                                  HAVING sum(r.quantidade) <> 0 OR sum(r.receita) <> 0) p), '[]'::jsonb));
END $$;
REVOKE ALL ON FUNCTION public.relatorio_periodo(date, date) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.relatorio_periodo(date, date) TO authenticated, service_role;
