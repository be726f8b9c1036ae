-- The admin's users page and figures as the admin reads them (spec 2 §2, §9):
-- * each row says whether the account is banned in Auth (banido: 'Banir', told apart from 'Suspender') and the
--   reason the admin gave (motivo_suspensao), so the card shows 'Banido' or 'Suspenso' with the reason;
-- * the inactivity filter leaves out accounts that never signed in ("a user with no last login passes only when
--   the chosen number of days is 0").

DROP FUNCTION IF EXISTS public.admin_users_page(text, text, text, boolean, integer, text, integer, integer);
CREATE FUNCTION public.admin_users_page(
  p_search text DEFAULT NULL,
  p_plano text DEFAULT NULL,
  p_status text DEFAULT NULL,
  p_confirmed boolean DEFAULT NULL,
  p_inactive_days integer DEFAULT NULL,
  p_sort text DEFAULT 'plan_desc',
  p_limit integer DEFAULT 10,
  p_offset integer DEFAULT 0
)
RETURNS TABLE (
  id uuid, nome text, email text, telefone text, nome_mercado text, plano text, data_inicio_plano timestamptz,
  data_fim_plano timestamptz, trial_end_date timestamptz, status_pagamento text, created_at timestamptz,
  confirmed_at timestamptz, email_confirmed boolean, last_sign_in_at timestamptz, banido boolean,
  motivo_suspensao text, total bigint
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_pattern text;
BEGIN
  PERFORM public.exigir_admin();
  IF p_plano IS NOT NULL AND p_plano NOT IN ('free', 'premium') THEN
    RAISE EXCEPTION 'Plano inválido: use free ou premium.' USING ERRCODE = '22023';
  END IF;
  IF p_sort IS NOT NULL AND p_sort NOT IN ('plan_desc', 'plan_asc') THEN
    RAISE EXCEPTION 'Ordem inválida: use plan_desc ou plan_asc.' USING ERRCODE = '22023';
  END IF;
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 100 OR p_offset IS NULL OR p_offset < 0
     OR (p_inactive_days IS NOT NULL AND p_inactive_days < 1) THEN
    RAISE EXCEPTION 'Página inválida.' USING ERRCODE = '22023';
  END IF;
  -- The search is literal: % and _ typed by the admin match themselves.
  v_pattern := CASE WHEN nullif(btrim(p_search), '') IS NULL THEN NULL
                    ELSE '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' END;
  RETURN QUERY
    WITH linhas AS (
      SELECT u.id, u.nome, coalesce(a.email, u.email)::text AS email, u.telefone, u.nome_mercado, u.plano,
             u.data_inicio_plano, u.data_fim_plano, u.trial_end_date, u.status_pagamento, u.created_at,
             coalesce(a.email_confirmed_at, u.confirmed_at) AS confirmed_at,
             coalesce(a.last_sign_in_at, u.last_sign_in_at) AS last_sign_in_at,
             coalesce(a.banned_until > now(), false) AS banido, u.motivo_suspensao
        FROM public.users u LEFT JOIN auth.users a ON a.id = u.id
       WHERE (p_plano IS NULL OR u.plano = p_plano)
         AND (p_status IS NULL OR u.status_pagamento = p_status)
    ), filtradas AS (
      SELECT l.* FROM linhas l
       WHERE (v_pattern IS NULL OR l.nome ILIKE v_pattern OR l.email ILIKE v_pattern OR l.nome_mercado ILIKE v_pattern)
         AND (p_confirmed IS NULL OR (l.confirmed_at IS NOT NULL) = p_confirmed)
         -- An account that never signed in is not 'inactive for more than N days' (it passes only for 0 days,
         -- which the page does not offer).
         AND (p_inactive_days IS NULL OR l.last_sign_in_at < now() - make_interval(days => p_inactive_days))
    )
    SELECT f.id, f.nome, f.email, f.telefone, f.nome_mercado, f.plano, f.data_inicio_plano, f.data_fim_plano,
           f.trial_end_date, f.status_pagamento, f.created_at, f.confirmed_at, f.confirmed_at IS NOT NULL,
           f.last_sign_in_at, f.banido, f.motivo_suspensao, count(*) OVER ()
      FROM filtradas f
     ORDER BY CASE WHEN p_sort = 'plan_asc' THEN f.data_inicio_plano END ASC NULLS LAST,
              CASE WHEN p_sort IS DISTINCT FROM 'plan_asc' THEN f.data_inicio_plano END DESC NULLS LAST,
              f.id
     LIMIT p_limit OFFSET p_offset;
END $$;

REVOKE ALL ON FUNCTION public.admin_users_page(text, text, text, boolean, integer, text, integer, integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.admin_users_page(text, text, text, boolean, integer, text, integer, integer)
  TO authenticated, service_role;

-- An administrator's account is not a user of the shop app: the dashboard's counters leave admins out.
CREATE OR REPLACE FUNCTION public.conta_de_usuario(p_user_id uuid)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT NOT EXISTS (SELECT 1 FROM auth.users a WHERE a.id = p_user_id AND a.raw_app_meta_data ->> 'role' = 'admin')
$$;
REVOKE ALL ON FUNCTION public.conta_de_usuario(uuid) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.conta_de_usuario(uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.count_users()
RETURNS TABLE (count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT count(*) FROM public.users u WHERE public.conta_de_usuario(u.id);
END $$;

CREATE OR REPLACE FUNCTION public.count_premium_users()
RETURNS TABLE (count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT count(*) FROM public.users u
                WHERE public.plano_vigente(u.id) = 'premium' AND public.conta_de_usuario(u.id);
END $$;

CREATE OR REPLACE FUNCTION public.count_recent_users()
RETURNS TABLE (count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT count(*) FROM public.users u
                WHERE u.created_at >= now() - interval '7 days' AND public.conta_de_usuario(u.id);
END $$;

-- MRR from what owners really paid, not from the premium the admin grants for free: each paid premium payment
-- still in its period counts its monthly share (a monthly one paid in the last 30 days in full, a yearly one paid
-- in the last 365 days as a twelfth). In reais, to the cent.
CREATE OR REPLACE FUNCTION public.admin_monthly_revenue()
RETURNS numeric
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN (SELECT round(coalesce(sum(CASE WHEN p.periodo = 'yearly' THEN p.valor / 12 ELSE p.valor END), 0), 2)
            FROM public.planos_pagamentos p
           WHERE p.status = 'pago' AND p.plano = 'premium'
             AND p.created_at > now() - CASE WHEN p.periodo = 'yearly' THEN interval '365 days' ELSE interval '30 days' END);
END $$;
REVOKE ALL ON FUNCTION public.admin_monthly_revenue() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.admin_monthly_revenue() TO authenticated, service_role;
