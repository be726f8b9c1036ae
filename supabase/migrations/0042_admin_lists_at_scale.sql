-- The admin's lists with a year of every shop's history (10,000 owners, 1,000,000 sales; `npm run bench -- admin`).
--
-- 1. A policy that calls `public.is_admin()` on its own asks it again for every row it looks at: with 100,000 entries
--    the admin log's counted first page took 4.8 s, most of it spent asking whether the reader is an admin (the
--    answer reads the JWT and the second-factor setting). Written as `(SELECT public.is_admin())` the planner asks
--    once per statement, as Supabase's RLS guidance recommends; the answer is the same (it depends only on the
--    request). Every policy of the public and storage schemas is rewritten this way, whoever wrote it.
-- 2. `admin_sales_page` materialised every sale of the search and sorted them all for one page. The page now reads
--    the newest sales through `vendas_vivas_criacao_idx` and stops at its last row; the figures are one aggregate,
--    and the type's total is one of them instead of another count.
DO $$
DECLARE
  v_policy record;
  v_using text;
  v_check text;
  v_wrapped constant text := '(SELECT public.is_admin())';
BEGIN
  -- Fully qualified names in the expressions read back, whatever the caller's search path.
  PERFORM pg_catalog.set_config('search_path', '', true);
  FOR v_policy IN
    SELECT p.schemaname, p.tablename, p.policyname, p.qual, p.with_check
      FROM pg_catalog.pg_policies p
     WHERE p.schemaname IN ('public', 'storage')
       AND (p.qual ~ '(?<!SELECT )public\.is_admin\(\)' OR p.with_check ~ '(?<!SELECT )public\.is_admin\(\)')
  LOOP
    v_using := regexp_replace(v_policy.qual, '(?<!SELECT )public\.is_admin\(\)', v_wrapped, 'g');
    v_check := regexp_replace(v_policy.with_check, '(?<!SELECT )public\.is_admin\(\)', v_wrapped, 'g');
    EXECUTE format('ALTER POLICY %I ON %I.%I', v_policy.policyname, v_policy.schemaname, v_policy.tablename)
      || CASE WHEN v_using IS NULL THEN '' ELSE format(' USING (%s)', v_using) END
      || CASE WHEN v_check IS NULL THEN '' ELSE format(' WITH CHECK (%s)', v_check) END;
  END LOOP;
END $$;

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
    SELECT v.id, v.user_id, v.data, v.total, v.tipo, v.forma_pagamento, v.forma_pagamento_descricao, v.created_at, v.cliente_id
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
    SELECT g.id, g.user_id, g.data, g.total, g.tipo, g.forma_pagamento, g.forma_pagamento_descricao, g.created_at,
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
