-- Admin and support tables (payments, blocked IPs, logs, tickets), the device-session procedures, and every
-- remote procedure the specs name. Admin procedures refuse everyone else with 42501.

CREATE OR REPLACE FUNCTION public.exigir_admin()
RETURNS void
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF NOT public.is_admin() AND auth.role() IS DISTINCT FROM 'service_role' THEN
    RAISE EXCEPTION 'Acesso restrito a administradores.' USING ERRCODE = '42501';
  END IF;
END $$;

-- The caller's IP as the API gateway forwarded it (PostgREST exposes request headers as a setting).
CREATE OR REPLACE FUNCTION public.ip_da_requisicao()
RETURNS text
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT nullif(btrim(split_part(coalesce(
    nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for',
    nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-real-ip', ''), ',', 1)), '')
$$;

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

CREATE TABLE public.support_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid() REFERENCES public.users (id) ON DELETE CASCADE,
  title text NOT NULL CONSTRAINT support_tickets_title_1_a_200 CHECK (char_length(btrim(title)) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CONSTRAINT support_tickets_description_max_5000 CHECK (char_length(description) <= 5000),
  status text NOT NULL DEFAULT 'open'
    CONSTRAINT support_tickets_status_valido CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
  priority text NOT NULL DEFAULT 'medium'
    CONSTRAINT support_tickets_priority_valida CHECK (priority IN ('urgent', 'high', 'medium', 'low')),
  archived boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  first_response_at timestamptz,
  last_response_at timestamptz,
  unread_admin boolean NOT NULL DEFAULT true,
  unread_user boolean NOT NULL DEFAULT false,
  CONSTRAINT support_tickets_arquivar_so_fechado CHECK (NOT archived OR status = 'closed')
);
CREATE INDEX support_tickets_user_updated_idx ON public.support_tickets (user_id, updated_at DESC);
CREATE INDEX support_tickets_created_idx ON public.support_tickets (created_at DESC);

CREATE TABLE public.support_responses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_id uuid NOT NULL REFERENCES public.support_tickets (id) ON DELETE CASCADE,
  responder_id uuid NOT NULL DEFAULT auth.uid(),
  responder_type text NOT NULL DEFAULT 'user'
    CONSTRAINT support_responses_responder_type_valido CHECK (responder_type IN ('admin', 'user')),
  message text NOT NULL CONSTRAINT support_responses_message_1_a_5000 CHECK (char_length(btrim(message)) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_responses_ticket_idx ON public.support_responses (ticket_id, created_at);

-- Row-level security and grants of the tables above.
ALTER TABLE public.planos_pagamentos ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.blocked_ips ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.admin_logs ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.security_logs ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.support_tickets ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.support_responses ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.planos_pagamentos, public.blocked_ips, public.admin_logs, public.security_logs,
  public.support_tickets, public.support_responses FROM anon, authenticated;
GRANT ALL ON public.planos_pagamentos, public.blocked_ips, public.admin_logs, public.security_logs,
  public.support_tickets, public.support_responses TO service_role;
GRANT SELECT ON public.planos_pagamentos, public.admin_logs, public.security_logs TO authenticated;
GRANT SELECT, INSERT, DELETE ON public.blocked_ips TO authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.support_tickets TO authenticated;
GRANT SELECT, INSERT ON public.support_responses TO authenticated;
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
CREATE POLICY dono_ou_admin_le ON public.support_tickets FOR SELECT TO authenticated
  USING (user_id = auth.uid() OR public.is_admin());
CREATE POLICY dono_insere ON public.support_tickets FOR INSERT TO authenticated WITH CHECK (user_id = auth.uid());
CREATE POLICY dono_ou_admin_altera ON public.support_tickets FOR UPDATE TO authenticated
  USING (user_id = auth.uid() OR public.is_admin()) WITH CHECK (user_id = auth.uid() OR public.is_admin());
CREATE POLICY admin_exclui ON public.support_tickets FOR DELETE TO authenticated USING (public.is_admin());
CREATE POLICY dono_ou_admin_le ON public.support_responses FOR SELECT TO authenticated
  USING (public.is_admin() OR EXISTS (SELECT 1 FROM public.support_tickets t WHERE t.id = ticket_id AND t.user_id = auth.uid()));
CREATE POLICY dono_ou_admin_responde ON public.support_responses FOR INSERT TO authenticated
  WITH CHECK (responder_id = auth.uid() AND (public.is_admin()
    OR EXISTS (SELECT 1 FROM public.support_tickets t WHERE t.id = ticket_id AND t.user_id = auth.uid())));

-- Tickets: owners open them and mark replies read; status, priority and archiving are the admin's.
CREATE OR REPLACE FUNCTION public.regras_ticket()
RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF auth.role() = 'authenticated' AND NOT public.is_admin() AND pg_catalog.pg_trigger_depth() = 1 THEN
    IF TG_OP = 'INSERT' THEN
      NEW.status := 'open';
      NEW.archived := false;
      NEW.unread_admin := true;
      NEW.unread_user := false;
      NEW.resolved_at := NULL;
      NEW.first_response_at := NULL;
      NEW.last_response_at := NULL;
      NEW.created_at := now();
    ELSIF (NEW.title, NEW.description, NEW.status, NEW.priority, NEW.archived, NEW.created_at, NEW.resolved_at,
           NEW.first_response_at, NEW.last_response_at, NEW.unread_admin, NEW.user_id)
          IS DISTINCT FROM
          (OLD.title, OLD.description, OLD.status, OLD.priority, OLD.archived, OLD.created_at, OLD.resolved_at,
           OLD.first_response_at, OLD.last_response_at, OLD.unread_admin, OLD.user_id) THEN
      RAISE EXCEPTION 'Só o suporte altera o status do ticket.' USING ERRCODE = '42501';
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status IN ('resolved', 'closed') AND OLD.status NOT IN ('resolved', 'closed') THEN
    NEW.resolved_at := coalesce(NEW.resolved_at, now());
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER regras_ticket BEFORE INSERT OR UPDATE ON public.support_tickets
  FOR EACH ROW EXECUTE FUNCTION public.regras_ticket();

-- A reply is tagged by who wrote it (is_admin), and moves the ticket's response times and unread flags.
CREATE OR REPLACE FUNCTION public.marcar_autor_resposta()
RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF auth.role() = 'authenticated' THEN
    NEW.responder_type := CASE WHEN public.is_admin() THEN 'admin' ELSE 'user' END;
  END IF;
  NEW.created_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER marcar_autor_resposta BEFORE INSERT ON public.support_responses
  FOR EACH ROW EXECUTE FUNCTION public.marcar_autor_resposta();

CREATE OR REPLACE FUNCTION public.resposta_registrada()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_ticket public.support_tickets;
BEGIN
  IF NEW.responder_type = 'admin' THEN
    UPDATE public.support_tickets
       SET first_response_at = coalesce(first_response_at, NEW.created_at), last_response_at = NEW.created_at,
           unread_user = true
     WHERE id = NEW.ticket_id
    RETURNING * INTO v_ticket;
    IF FOUND THEN
      INSERT INTO public.notificacoes (user_id, tipo, mensagem, referencia_id)
      VALUES (v_ticket.user_id, 'resposta_suporte', left(format('Nova resposta do suporte: %s', v_ticket.title), 1000),
              v_ticket.id::text);
    END IF;
  ELSE
    UPDATE public.support_tickets SET unread_admin = true WHERE id = NEW.ticket_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER resposta_registrada AFTER INSERT ON public.support_responses
  FOR EACH ROW EXECUTE FUNCTION public.resposta_registrada();

-- Device sessions. A sign-in registers its own session (the JWT's session_id; p_session_token, when given,
-- must name that same session) and makes it active; on the free plan it ends every other session of the user.
-- An ended session cannot register again: only a new sign-in (a new session_id) can. Returns how many ended.
CREATE OR REPLACE FUNCTION public.register_user_session(p_session_token text DEFAULT NULL, p_device_info text DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_user uuid := auth.uid();
  v_token text := auth.jwt() ->> 'session_id';
  v_ativa boolean;
  v_encerradas integer := 0;
BEGIN
  IF v_user IS NULL THEN
    RAISE EXCEPTION 'Usuário não autenticado' USING ERRCODE = '42501';
  END IF;
  IF v_token IS NULL THEN
    RAISE EXCEPTION 'Sessão não identificada' USING ERRCODE = '22023';
  END IF;
  IF nullif(p_session_token, '') IS NOT NULL AND p_session_token <> v_token THEN
    RAISE EXCEPTION 'Só é possível registrar a sessão deste acesso.' USING ERRCODE = '42501';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM auth.users a WHERE a.id = v_user AND a.deleted_at IS NULL) THEN
    RAISE EXCEPTION 'Conta não encontrada' USING ERRCODE = '42501';
  END IF;
  -- Two devices of one owner registering at once: one after the other, so the later one ends the earlier.
  PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('sessoes:' || v_user::text, 0));
  SELECT s.is_active INTO v_ativa FROM public.user_sessions s WHERE s.user_id = v_user AND s.session_token = v_token;
  IF v_ativa = false THEN
    RAISE EXCEPTION 'Sessão encerrada: entre novamente para continuar.' USING ERRCODE = '42501';
  END IF;
  INSERT INTO public.user_sessions (user_id, session_token, device_info, ip_address)
  VALUES (v_user, v_token, left(p_device_info, 500), public.ip_da_requisicao())
  ON CONFLICT (user_id, session_token) DO UPDATE
    SET last_activity_at = now(), device_info = coalesce(EXCLUDED.device_info, public.user_sessions.device_info);
  IF coalesce(public.plano_vigente(v_user), 'free') = 'free' THEN
    UPDATE public.user_sessions SET is_active = false, ended_at = now()
     WHERE user_id = v_user AND session_token <> v_token AND is_active;
    GET DIAGNOSTICS v_encerradas = ROW_COUNT;
  END IF;
  RETURN jsonb_build_object('active', true, 'ended_sessions', v_encerradas);
END $$;

-- Whether this device's session is still active (false once a newer device took over on the free plan).
CREATE OR REPLACE FUNCTION public.check_user_session(p_session_token text DEFAULT NULL)
RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_active boolean;
BEGIN
  UPDATE public.user_sessions SET last_activity_at = now()
   WHERE user_id = auth.uid() AND session_token = coalesce(nullif(p_session_token, ''), auth.jwt() ->> 'session_id')
  RETURNING is_active INTO v_active;
  RETURN coalesce(v_active, false);
END $$;

-- Sign-out: ends one session of a user (the user's own, or any as admin).
CREATE OR REPLACE FUNCTION public.deactivate_specific_user_session(p_user_id uuid, p_session_token text)
RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_count integer;
BEGIN
  IF p_user_id IS DISTINCT FROM auth.uid() AND NOT public.is_admin() AND auth.role() IS DISTINCT FROM 'service_role' THEN
    RAISE EXCEPTION 'Não é possível encerrar a sessão de outro usuário.' USING ERRCODE = '42501';
  END IF;
  UPDATE public.user_sessions SET is_active = false, ended_at = now()
   WHERE user_id = p_user_id AND session_token = p_session_token AND is_active;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count > 0;
END $$;

-- Expense summary of the filters the expenses page uses: total and per category (deleted rows excluded).
-- p_categoria_id: null for all, 'NO_CATEGORY' for expenses without a category, else a category id.
CREATE OR REPLACE FUNCTION public.get_expense_summary(
  p_user_id uuid,
  p_descricao text DEFAULT NULL,
  p_categoria_id text DEFAULT NULL,
  p_data_de date DEFAULT NULL,
  p_data_ate date DEFAULT NULL
)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_result jsonb;
BEGIN
  IF p_user_id IS DISTINCT FROM auth.uid() AND NOT public.is_admin() AND auth.role() IS DISTINCT FROM 'service_role' THEN
    RAISE EXCEPTION 'Só é possível consultar as próprias despesas.' USING ERRCODE = '42501';
  END IF;
  IF p_categoria_id IS NOT NULL AND p_categoria_id <> 'NO_CATEGORY'
     AND p_categoria_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RAISE EXCEPTION 'Categoria inválida.' USING ERRCODE = '22023';
  END IF;
  WITH filtradas AS (
    SELECT d.valor, c.id AS categoria_id, c.nome, c.cor
      FROM public.despesas d
      LEFT JOIN public.despesa_categorias c ON c.id = d.categoria_id AND c.user_id = d.user_id AND NOT c._deleted
     WHERE d.user_id = p_user_id AND NOT d._deleted
       AND (p_descricao IS NULL OR p_descricao = '' OR d.descricao ILIKE '%' || p_descricao || '%')
       AND (p_categoria_id IS NULL
            OR (p_categoria_id = 'NO_CATEGORY' AND d.categoria_id IS NULL)
            OR (p_categoria_id <> 'NO_CATEGORY' AND d.categoria_id = p_categoria_id::uuid))
       AND (p_data_de IS NULL OR d.data >= p_data_de)
       AND (p_data_ate IS NULL OR d.data <= p_data_ate)
  ), por_categoria AS (
    SELECT coalesce(nome, 'Sem categoria') AS nome, coalesce(cor, '#808080') AS cor, sum(valor) AS total
      FROM filtradas GROUP BY categoria_id, nome, cor
  )
  SELECT jsonb_build_object(
           'total_geral', coalesce((SELECT sum(valor) FROM filtradas), 0),
           'por_categoria', coalesce((SELECT jsonb_agg(jsonb_build_object('nome', nome, 'cor', cor, 'total', total)
                                                       ORDER BY total DESC, nome) FROM por_categoria), '[]'::jsonb))
    INTO v_result;
  RETURN v_result;
END $$;

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

-- Open tickets still waiting for a first reply, with the hours left of the 24-hour first-response SLA
-- (negative once breached); listed when fewer than 6 hours remain.
CREATE OR REPLACE FUNCTION public.check_sla_violations()
RETURNS TABLE (ticket_id uuid, title text, hours_remaining numeric)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY
    SELECT t.id, t.title, round((24 - extract(epoch FROM now() - t.created_at) / 3600)::numeric, 1)
      FROM public.support_tickets t
     WHERE NOT t.archived AND t.status IN ('open', 'in_progress') AND t.first_response_at IS NULL
       AND t.created_at < now() - interval '18 hours'
     ORDER BY t.created_at;
END $$;

CREATE OR REPLACE FUNCTION public.mark_ticket_read_admin(p_ticket_id uuid)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  UPDATE public.support_tickets SET unread_admin = false WHERE id = p_ticket_id;
END $$;

-- Who may call what: the signed-in for their own procedures, admins (checked inside) for the admin ones.
REVOKE ALL ON FUNCTION
  public.exigir_admin(), public.register_user_session(text, text), public.check_user_session(text),
  public.deactivate_specific_user_session(uuid, text), public.get_expense_summary(uuid, text, text, date, date),
  public.count_users(), public.count_premium_users(), public.count_products(), public.count_recent_users(),
  public.get_admin_users_with_confirmed(), public.get_admin_users(), public.admin_update_user_plan(uuid, text, timestamptz),
  public.admin_update_user_status(uuid, text), public.log_admin_action(text, text, text, jsonb),
  public.check_sla_violations(), public.mark_ticket_read_admin(uuid)
  FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION
  public.exigir_admin(), public.register_user_session(text, text), public.check_user_session(text),
  public.deactivate_specific_user_session(uuid, text), public.get_expense_summary(uuid, text, text, date, date),
  public.count_users(), public.count_premium_users(), public.count_products(), public.count_recent_users(),
  public.get_admin_users_with_confirmed(), public.get_admin_users(), public.admin_update_user_plan(uuid, text, timestamptz),
  public.admin_update_user_status(uuid, text), public.log_admin_action(text, text, text, jsonb),
  public.check_sla_violations(), public.mark_ticket_read_admin(uuid)
  TO authenticated, service_role;
