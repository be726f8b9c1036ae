-- Administration: payments of premium plans, blocked IPs, admin and security logs, and the procedures of the
-- admin area (dashboard counters, user list, plan and status changes, action log). Admin procedures refuse
-- everyone else with 42501.

CREATE OR REPLACE FUNCTION public.exigir_admin()
RETURNS void
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF NOT public.is_admin() AND auth.role() IS DISTINCT FROM 'service_role' THEN
    RAISE EXCEPTION 'Acesso restrito a administradores.' USING ERRCODE = '42501';
  END IF;
END $$;

CREATE OR REPLACE FUNCTION public.ip_valido(p_ip text)
RETURNS boolean
LANGUAGE plpgsql IMMUTABLE SET search_path = ''
AS $$
BEGIN
  PERFORM p_ip::inet;
  RETURN true;
EXCEPTION WHEN others THEN
  RETURN false;
END $$;

-- Payments of premium plans, written by the payment webhook (service role); owners read theirs.
CREATE TABLE public.planos_pagamentos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES public.users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pendente'
    CONSTRAINT planos_pagamentos_status_valido CHECK (status IN ('pago', 'pendente', 'cancelado', 'expirado')),
  plano text NOT NULL DEFAULT 'premium' CONSTRAINT planos_pagamentos_plano_valido CHECK (plano IN ('free', 'premium')),
  periodo text CONSTRAINT planos_pagamentos_periodo_valido CHECK (periodo IN ('monthly', 'yearly')),
  valor numeric(12, 2) NOT NULL DEFAULT 0 CONSTRAINT planos_pagamentos_valor_nao_negativo CHECK (valor >= 0)
    CONSTRAINT planos_pagamentos_valor_finito CHECK (valor NOT IN ('NaN', 'Infinity', '-Infinity')),
  transacao_id text CONSTRAINT planos_pagamentos_transacao_id_max_200 CHECK (char_length(transacao_id) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX planos_pagamentos_user_idx ON public.planos_pagamentos (user_id);
CREATE INDEX planos_pagamentos_created_idx ON public.planos_pagamentos (created_at DESC);
CREATE UNIQUE INDEX planos_pagamentos_transacao_key ON public.planos_pagamentos (transacao_id) WHERE transacao_id IS NOT NULL;

CREATE TABLE public.blocked_ips (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ip_address text NOT NULL UNIQUE CONSTRAINT blocked_ips_ip_valido CHECK (public.ip_valido(ip_address)),
  reason text CONSTRAINT blocked_ips_reason_max_500 CHECK (char_length(reason) <= 500),
  blocked_by uuid DEFAULT auth.uid(),
  blocked_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.admin_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid DEFAULT auth.uid(),
  action text NOT NULL CONSTRAINT admin_logs_action_valida CHECK (char_length(btrim(action)) BETWEEN 1 AND 200),
  target_type text CONSTRAINT admin_logs_target_type_max_100 CHECK (char_length(target_type) <= 100),
  target_id text CONSTRAINT admin_logs_target_id_max_200 CHECK (char_length(target_id) <= 200),
  details jsonb,
  ip_address text DEFAULT public.ip_da_requisicao(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_logs_created_idx ON public.admin_logs (created_at DESC);

-- Sign-in attempts, lockouts and blocked IPs, written by the Auth service (service role).
CREATE TABLE public.security_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  action text NOT NULL CONSTRAINT security_logs_action_valida CHECK (char_length(btrim(action)) BETWEEN 1 AND 200),
  ip_address text,
  user_id uuid,
  blocked boolean NOT NULL DEFAULT false,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_logs_created_idx ON public.security_logs (created_at DESC);
CREATE INDEX security_logs_ip_created_idx ON public.security_logs (ip_address, created_at DESC);

-- Row-level security and grants of the tables above.
ALTER TABLE public.planos_pagamentos ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.blocked_ips ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.admin_logs ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.security_logs ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.planos_pagamentos, public.blocked_ips, public.admin_logs, public.security_logs FROM anon, authenticated;
GRANT ALL ON public.planos_pagamentos, public.blocked_ips, public.admin_logs, public.security_logs TO service_role;
GRANT SELECT ON public.planos_pagamentos, public.admin_logs, public.security_logs TO authenticated;
GRANT SELECT, INSERT, DELETE ON public.blocked_ips TO authenticated;
GRANT INSERT ON public.admin_logs TO authenticated;

CREATE POLICY dono_ou_admin_le ON public.planos_pagamentos FOR SELECT TO authenticated
  USING (user_id = auth.uid() OR public.is_admin());
CREATE POLICY admin_le ON public.blocked_ips FOR SELECT TO authenticated USING (public.is_admin());
CREATE POLICY admin_insere ON public.blocked_ips FOR INSERT TO authenticated WITH CHECK (public.is_admin());
CREATE POLICY admin_exclui ON public.blocked_ips FOR DELETE TO authenticated USING (public.is_admin());
CREATE POLICY admin_le ON public.admin_logs FOR SELECT TO authenticated USING (public.is_admin());
CREATE POLICY admin_insere ON public.admin_logs FOR INSERT TO authenticated
  WITH CHECK (public.is_admin() AND admin_id = auth.uid());
CREATE POLICY admin_le ON public.security_logs FOR SELECT TO authenticated USING (public.is_admin());

-- Admin dashboard counters: each returns one row with `count`.
CREATE OR REPLACE FUNCTION public.count_users()
RETURNS TABLE (count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT count(*) FROM public.users;
END $$;

CREATE OR REPLACE FUNCTION public.count_premium_users()
RETURNS TABLE (count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT count(*) FROM public.users u WHERE public.plano_vigente(u.id) = 'premium';
END $$;

CREATE OR REPLACE FUNCTION public.count_products()
RETURNS TABLE (count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT count(*) FROM public.produtos WHERE NOT _deleted;
END $$;

-- Users who signed up in the last 7 days ("novos esta semana").
CREATE OR REPLACE FUNCTION public.count_recent_users()
RETURNS TABLE (count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT count(*) FROM public.users WHERE created_at >= now() - interval '7 days';
END $$;

-- The admin's user list, with whether each email is confirmed (from auth.users).
CREATE OR REPLACE FUNCTION public.get_admin_users_with_confirmed()
RETURNS TABLE (
  id uuid, nome text, email text, telefone text, nome_mercado text, plano text, data_inicio_plano timestamptz,
  data_fim_plano timestamptz, trial_end_date timestamptz, status_pagamento text, payment_details jsonb,
  created_at timestamptz, confirmed_at timestamptz, email_confirmed boolean, last_sign_in_at timestamptz
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY
    SELECT u.id, u.nome, coalesce(a.email, u.email)::text, u.telefone, u.nome_mercado, u.plano, u.data_inicio_plano,
           u.data_fim_plano, u.trial_end_date, u.status_pagamento, u.payment_details, u.created_at,
           coalesce(a.email_confirmed_at, u.confirmed_at), coalesce(a.email_confirmed_at, u.confirmed_at) IS NOT NULL,
           coalesce(a.last_sign_in_at, u.last_sign_in_at)
      FROM public.users u LEFT JOIN auth.users a ON a.id = u.id
     ORDER BY u.created_at DESC;
END $$;

CREATE OR REPLACE FUNCTION public.get_admin_users()
RETURNS TABLE (id uuid, nome text, email text, plano text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT u.id, u.nome, u.email, u.plano FROM public.users u ORDER BY u.nome NULLS LAST, u.id;
END $$;

-- Plan change by the admin: premium with an end date (or none), or back to free (no end date).
CREATE OR REPLACE FUNCTION public.admin_update_user_plan(p_user_id uuid, p_plano text, p_data_fim_plano timestamptz DEFAULT NULL)
RETURNS public.users
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_user public.users;
BEGIN
  PERFORM public.exigir_admin();
  IF p_plano IS NULL OR p_plano NOT IN ('free', 'premium') THEN
    RAISE EXCEPTION 'Plano inválido: use free ou premium.' USING ERRCODE = '22023';
  END IF;
  UPDATE public.users
     SET plano = p_plano,
         data_inicio_plano = CASE WHEN p_plano <> plano THEN now() ELSE data_inicio_plano END,
         data_fim_plano = CASE WHEN p_plano = 'premium' THEN p_data_fim_plano END,
         status_pagamento = CASE WHEN p_plano = 'premium' THEN 'ativo' ELSE status_pagamento END
   WHERE id = p_user_id
  RETURNING * INTO v_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Usuário não encontrado' USING ERRCODE = 'P0002';
  END IF;
  RETURN v_user;
END $$;

CREATE OR REPLACE FUNCTION public.admin_update_user_status(p_user_id uuid, p_status text)
RETURNS public.users
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_user public.users;
BEGIN
  PERFORM public.exigir_admin();
  IF p_status IS NULL OR p_status NOT IN ('ativo', 'inativo', 'suspenso') THEN
    RAISE EXCEPTION 'Status inválido: use ativo, inativo ou suspenso.' USING ERRCODE = '22023';
  END IF;
  UPDATE public.users SET status_pagamento = p_status WHERE id = p_user_id RETURNING * INTO v_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Usuário não encontrado' USING ERRCODE = 'P0002';
  END IF;
  RETURN v_user;
END $$;

CREATE OR REPLACE FUNCTION public.log_admin_action(
  p_action text,
  p_target_type text,
  p_target_id text DEFAULT NULL,
  p_details jsonb DEFAULT NULL
)
RETURNS uuid
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_id uuid;
BEGIN
  PERFORM public.exigir_admin();
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), p_action, p_target_type, p_target_id, p_details, public.ip_da_requisicao())
  RETURNING id INTO v_id;
  RETURN v_id;
END $$;

-- Who may call what: admins (checked inside).
REVOKE ALL ON FUNCTION
  public.exigir_admin(),
  public.count_users(), public.count_premium_users(), public.count_products(), public.count_recent_users(),
  public.get_admin_users_with_confirmed(), public.get_admin_users(), public.admin_update_user_plan(uuid, text, timestamptz),
  public.admin_update_user_status(uuid, text), public.log_admin_action(text, text, text, jsonb)
  FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION
  public.exigir_admin(),
  public.count_users(), public.count_premium_users(), public.count_products(), public.count_recent_users(),
  public.get_admin_users_with_confirmed(), public.get_admin_users(), public.admin_update_user_plan(uuid, text, timestamptz),
  public.admin_update_user_status(uuid, text), public.log_admin_action(text, text, text, jsonb)
  TO authenticated, service_role;
