-- /admin/payments and /admin/settings (spec 2 §2, §3): the payments list paged and filtered on the server with
-- its four cards, the settings' shape checked and their update time kept by the server, and every settings change,
-- IP block and unblock an admin makes written to admin_logs by the server (never by the UI). Admins only.

-- What a payment is worth: the stored amount when the payment webhook wrote one, otherwise the list price of the
-- premium plan it paid for (R$ 14,90 a month, R$ 143,00 a year; monthly when the period is unknown); free is 0.
CREATE OR REPLACE FUNCTION public.valor_do_pagamento(p_valor numeric, p_plano text, p_periodo text)
RETURNS numeric
LANGUAGE sql IMMUTABLE SET search_path = ''
AS $$
  SELECT CASE
           WHEN p_valor > 0 THEN p_valor
           WHEN p_plano = 'premium' THEN CASE WHEN p_periodo = 'yearly' THEN 143.00 ELSE 14.90 END
           ELSE 0
         END::numeric(12, 2)
$$;

-- The first instant of the period in São Paulo: today, the last 7 days or the last 30 days (today included).
CREATE OR REPLACE FUNCTION public.inicio_do_periodo_pagamentos(p_periodo text)
RETURNS timestamptz
LANGUAGE plpgsql STABLE SET search_path = ''
AS $$
DECLARE
  v_hoje date := (now() AT TIME ZONE 'America/Sao_Paulo')::date;
BEGIN
  RETURN CASE p_periodo
    WHEN 'today' THEN v_hoje::timestamp AT TIME ZONE 'America/Sao_Paulo'
    WHEN '7d' THEN (v_hoje - 6)::timestamp AT TIME ZONE 'America/Sao_Paulo'
    WHEN '30d' THEN (v_hoje - 29)::timestamp AT TIME ZONE 'America/Sao_Paulo'
  END;
END $$;

-- One page of payments, newest first, each with its user and the total of the filtered list.
CREATE OR REPLACE FUNCTION public.admin_payments_page(
  p_search text DEFAULT NULL,
  p_status text DEFAULT NULL,
  p_plano text DEFAULT NULL,
  p_periodo text DEFAULT NULL,
  p_limit integer DEFAULT 10,
  p_offset integer DEFAULT 0
)
RETURNS TABLE (
  id uuid, user_id uuid, nome text, email text, status text, plano text, periodo text, valor numeric,
  transacao_id text, created_at timestamptz, total bigint
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_pattern text;
  v_desde timestamptz;
BEGIN
  PERFORM public.exigir_admin();
  IF p_status IS NOT NULL AND p_status NOT IN ('pago', 'pendente', 'cancelado', 'expirado') THEN
    RAISE EXCEPTION 'Status inválido: use pago, pendente, cancelado ou expirado.' USING ERRCODE = '22023';
  END IF;
  IF p_plano IS NOT NULL AND p_plano NOT IN ('free', 'premium') THEN
    RAISE EXCEPTION 'Plano inválido: use free ou premium.' USING ERRCODE = '22023';
  END IF;
  IF p_periodo IS NOT NULL AND p_periodo NOT IN ('today', '7d', '30d') THEN
    RAISE EXCEPTION 'Período inválido: use today, 7d ou 30d.' USING ERRCODE = '22023';
  END IF;
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 1000 OR p_offset IS NULL OR p_offset < 0 THEN
    RAISE EXCEPTION 'Página inválida.' USING ERRCODE = '22023';
  END IF;
  v_desde := public.inicio_do_periodo_pagamentos(p_periodo);
  -- The search is literal: % and _ typed by the admin match themselves.
  v_pattern := CASE WHEN nullif(btrim(p_search), '') IS NULL THEN NULL
                    ELSE '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' END;
  RETURN QUERY
    SELECT p.id, p.user_id, u.nome, u.email, p.status, p.plano, p.periodo,
           public.valor_do_pagamento(p.valor, p.plano, p.periodo), p.transacao_id, p.created_at, count(*) OVER ()
      FROM public.planos_pagamentos p LEFT JOIN public.users u ON u.id = p.user_id
     WHERE (p_status IS NULL OR p.status = p_status)
       AND (p_plano IS NULL OR p.plano = p_plano)
       AND (v_desde IS NULL OR p.created_at >= v_desde)
       AND (v_pattern IS NULL OR u.nome ILIKE v_pattern OR u.email ILIKE v_pattern OR p.transacao_id ILIKE v_pattern)
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT p_limit OFFSET p_offset;
END $$;

-- The four cards of /admin/payments, over every payment: revenue of the paid ones, transactions, pending ones,
-- and active subscriptions (premium payments made this month in São Paulo and paid, one per user).
CREATE OR REPLACE FUNCTION public.admin_payments_stats()
RETURNS TABLE (receita_total numeric, total_transacoes bigint, pendentes bigint, assinaturas_ativas bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_mes timestamptz := date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo';
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY
    SELECT coalesce(sum(public.valor_do_pagamento(p.valor, p.plano, p.periodo)) FILTER (WHERE p.status = 'pago'), 0)::numeric,
           count(*),
           count(*) FILTER (WHERE p.status = 'pendente'),
           count(DISTINCT p.user_id) FILTER (WHERE p.status = 'pago' AND p.plano = 'premium' AND p.created_at >= v_mes)
      FROM public.planos_pagamentos p;
END $$;

REVOKE ALL ON FUNCTION
  public.admin_payments_page(text, text, text, text, integer, integer), public.admin_payments_stats()
  FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION
  public.admin_payments_page(text, text, text, text, integer, integer), public.admin_payments_stats()
  TO authenticated, service_role;

-- A setting's value keeps the shape the server reads: each field present has its type (security_settings: attempts
-- and lockout minutes whole numbers from 1, require_2fa a boolean; free_plan_limits: whole numbers from 0;
-- notification_settings: booleans); a field left out takes the server's default. The update time is the server's.
CREATE OR REPLACE FUNCTION public.conferir_configuracao()
RETURNS trigger
LANGUAGE plpgsql SET search_path = ''
AS $$
DECLARE
  v_inteiros text[];
  v_minimo integer := 0;
  v_booleanos text[];
  v_campo text;
  v_valor jsonb;
BEGIN
  CASE NEW.key
    WHEN 'security_settings' THEN
      v_inteiros := ARRAY['max_login_attempts', 'lockout_duration'];
      v_minimo := 1;
      v_booleanos := ARRAY['require_2fa'];
    WHEN 'free_plan_limits' THEN
      v_inteiros := ARRAY['products', 'clients'];
      v_booleanos := ARRAY[]::text[];
    WHEN 'notification_settings' THEN
      v_inteiros := ARRAY[]::text[];
      v_booleanos := ARRAY['email_notifications', 'push_notifications'];
    ELSE
      v_inteiros := ARRAY[]::text[];
      v_booleanos := ARRAY[]::text[];
  END CASE;
  IF jsonb_typeof(NEW.value) <> 'object' AND (cardinality(v_inteiros) > 0 OR cardinality(v_booleanos) > 0) THEN
    RAISE EXCEPTION 'Configuração inválida: %', NEW.key USING ERRCODE = '22023';
  END IF;
  FOREACH v_campo IN ARRAY v_inteiros LOOP
    v_valor := NEW.value -> v_campo;
    CONTINUE WHEN v_valor IS NULL;
    IF jsonb_typeof(v_valor) <> 'number' OR (v_valor #>> '{}')::numeric <> trunc((v_valor #>> '{}')::numeric)
       OR (v_valor #>> '{}')::numeric NOT BETWEEN v_minimo AND 1000000 THEN
      RAISE EXCEPTION 'Configuração inválida: %.% deve ser um número inteiro de % a 1000000', NEW.key, v_campo, v_minimo
        USING ERRCODE = '22023';
    END IF;
  END LOOP;
  FOREACH v_campo IN ARRAY v_booleanos LOOP
    IF NEW.value ? v_campo AND jsonb_typeof(NEW.value -> v_campo) <> 'boolean' THEN
      RAISE EXCEPTION 'Configuração inválida: %.% deve ser verdadeiro ou falso', NEW.key, v_campo USING ERRCODE = '22023';
    END IF;
  END LOOP;
  NEW.updated_at := now();
  RETURN NEW;
END $$;

CREATE TRIGGER conferir_configuracao BEFORE INSERT OR UPDATE ON public.system_settings
  FOR EACH ROW EXECUTE FUNCTION public.conferir_configuracao();

-- An admin's change to a setting: update_setting, the key, and the value from and to.
CREATE OR REPLACE FUNCTION public.registrar_configuracao_por_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF NOT public.is_admin() OR NEW.value IS NOT DISTINCT FROM OLD.value THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), 'update_setting', 'setting', NEW.key, jsonb_build_object('de', OLD.value, 'para', NEW.value),
          public.ip_da_requisicao());
  RETURN NULL;
END $$;

CREATE TRIGGER registrar_configuracao_por_admin AFTER UPDATE ON public.system_settings
  FOR EACH ROW EXECUTE FUNCTION public.registrar_configuracao_por_admin();

-- An admin blocking or unblocking an address: block_ip / unblock_ip, the address, and the reason.
CREATE OR REPLACE FUNCTION public.registrar_bloqueio_de_ip_por_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF NOT public.is_admin() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
    VALUES (auth.uid(), 'block_ip', 'ip', NEW.ip_address, jsonb_build_object('reason', NEW.reason),
            public.ip_da_requisicao());
  ELSE
    INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
    VALUES (auth.uid(), 'unblock_ip', 'ip', OLD.ip_address,
            jsonb_build_object('reason', OLD.reason, 'blocked_at', OLD.blocked_at), public.ip_da_requisicao());
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER registrar_bloqueio_por_admin AFTER INSERT OR DELETE ON public.blocked_ips
  FOR EACH ROW EXECUTE FUNCTION public.registrar_bloqueio_de_ip_por_admin();

REVOKE ALL ON FUNCTION public.conferir_configuracao(), public.registrar_configuracao_por_admin(),
  public.registrar_bloqueio_de_ip_por_admin() FROM PUBLIC, anon, authenticated;
