-- The admin's users page and figures as the admin reads them (docs/product.md §2, §9):
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

-- A send to all is one entry of the admin's notifications list with its reach (how many owners it was written
-- to, how many read it), not one entry per owner. The owners' rows stay as they are (replicated, one per owner);
-- which send each belongs to is kept apart, server-side only.
CREATE TABLE public.envios_para_todos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid DEFAULT auth.uid(),
  tipo text NOT NULL,
  mensagem text NOT NULL,
  referencia_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX envios_para_todos_created_idx ON public.envios_para_todos (created_at DESC, id DESC);
CREATE TABLE public.envio_para_todos_notificacoes (
  notificacao_id uuid PRIMARY KEY REFERENCES public.notificacoes (id) ON DELETE CASCADE,
  envio_id uuid NOT NULL REFERENCES public.envios_para_todos (id) ON DELETE CASCADE
);
CREATE INDEX envio_para_todos_notificacoes_envio_idx ON public.envio_para_todos_notificacoes (envio_id);
ALTER TABLE public.envios_para_todos ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.envio_para_todos_notificacoes ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.envios_para_todos, public.envio_para_todos_notificacoes FROM PUBLIC, anon, authenticated;
GRANT ALL ON public.envios_para_todos, public.envio_para_todos_notificacoes TO service_role;

CREATE OR REPLACE FUNCTION public.admin_send_notification(
  p_tipo text,
  p_mensagem text,
  p_user_id uuid DEFAULT NULL,
  p_referencia_id text DEFAULT NULL
)
RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_referencia text := nullif(btrim(p_referencia_id), '');
  v_count integer;
  v_envio uuid;
BEGIN
  PERFORM public.exigir_admin();
  IF p_tipo IS NULL OR NOT (p_tipo = ANY (public.tipos_notificacao_enviaveis())) THEN
    RAISE EXCEPTION 'Tipo de notificação inválido.' USING ERRCODE = '22023';
  END IF;
  IF p_mensagem IS NULL OR char_length(btrim(p_mensagem)) NOT BETWEEN 1 AND 1000 THEN
    RAISE EXCEPTION 'Mensagem obrigatória (até 1000 caracteres).' USING ERRCODE = '22023';
  END IF;
  IF char_length(v_referencia) > 36 THEN
    RAISE EXCEPTION 'ID de referência com mais de 36 caracteres.' USING ERRCODE = '22023';
  END IF;
  IF p_user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM public.users u WHERE u.id = p_user_id) THEN
    RAISE EXCEPTION 'Usuário não encontrado.' USING ERRCODE = 'P0002';
  END IF;
  -- This function logs the send itself (to all or to one); the insert trigger leaves it alone.
  PERFORM set_config('caderneta.envio_registrado', 'on', true);
  IF p_user_id IS NULL THEN
    INSERT INTO public.envios_para_todos (tipo, mensagem, referencia_id)
    VALUES (p_tipo, btrim(p_mensagem), v_referencia) RETURNING id INTO v_envio;
    WITH escritas AS (
      INSERT INTO public.notificacoes (user_id, tipo, mensagem, referencia_id)
      SELECT u.id, p_tipo, btrim(p_mensagem), v_referencia
        FROM public.users u
       WHERE public.conta_de_usuario(u.id)
      RETURNING id
    )
    INSERT INTO public.envio_para_todos_notificacoes (notificacao_id, envio_id) SELECT e.id, v_envio FROM escritas e;
  ELSE
    INSERT INTO public.notificacoes (user_id, tipo, mensagem, referencia_id)
    VALUES (p_user_id, p_tipo, btrim(p_mensagem), v_referencia);
  END IF;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  PERFORM set_config('caderneta.envio_registrado', 'off', true);
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), 'send_notification', CASE WHEN p_user_id IS NULL THEN 'all' ELSE 'user' END, p_user_id::text,
          jsonb_build_object('tipo', p_tipo, 'count', v_count, 'mensagem', btrim(p_mensagem), 'referencia_id', v_referencia),
          public.ip_da_requisicao());
  RETURN v_count;
END $$;

-- One page of the live notifications, newest first: each owner's own, and each send to all once with its reach
-- (alcance: live rows it wrote; lidas: how many of them were read; read when all were). user_id is null for a
-- send to all, whose id is the send's.
DROP FUNCTION IF EXISTS public.admin_notifications_page(text, boolean, integer, integer);
CREATE FUNCTION public.admin_notifications_page(
  p_tipo text DEFAULT NULL,
  p_lido boolean DEFAULT NULL,
  p_limit integer DEFAULT 20,
  p_offset integer DEFAULT 0
)
RETURNS TABLE (
  id uuid, user_id uuid, tipo text, mensagem text, lido boolean, referencia_id text, created_at timestamptz,
  user_nome text, user_nome_mercado text, alcance integer, lidas integer, total bigint
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  IF p_tipo IS NOT NULL AND NOT (p_tipo = ANY (public.tipos_notificacao_enviaveis() || public.tipos_notificacao_do_sistema())) THEN
    RAISE EXCEPTION 'Tipo de notificação inválido.' USING ERRCODE = '22023';
  END IF;
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 100 OR p_offset IS NULL OR p_offset < 0 THEN
    RAISE EXCEPTION 'Página inválida.' USING ERRCODE = '22023';
  END IF;
  RETURN QUERY
    WITH avulsas AS (
      SELECT n.id, n.user_id, n.tipo, n.mensagem, n.lido, n.referencia_id, n.created_at,
             NULL::integer AS alcance, NULL::integer AS lidas
        FROM public.notificacoes n
       WHERE NOT n._deleted
         AND (p_tipo IS NULL OR n.tipo = p_tipo)
         AND (p_lido IS NULL OR n.lido = p_lido)
         AND NOT EXISTS (SELECT 1 FROM public.envio_para_todos_notificacoes d WHERE d.notificacao_id = n.id)
    ), envios AS (
      SELECT e.id, NULL::uuid AS user_id, e.tipo, e.mensagem, bool_and(n.lido) AS lido, e.referencia_id, e.created_at,
             count(*)::integer AS alcance, (count(*) FILTER (WHERE n.lido))::integer AS lidas
        FROM public.envios_para_todos e
        JOIN public.envio_para_todos_notificacoes d ON d.envio_id = e.id
        JOIN public.notificacoes n ON n.id = d.notificacao_id AND NOT n._deleted
       WHERE p_tipo IS NULL OR e.tipo = p_tipo
       GROUP BY e.id
      HAVING p_lido IS NULL OR bool_and(n.lido) = p_lido
    ), todas AS (
      SELECT * FROM avulsas UNION ALL SELECT * FROM envios
    ), pagina AS (
      SELECT t.*, count(*) OVER () AS total FROM todas t
       ORDER BY t.created_at DESC, t.id DESC
       LIMIT p_limit OFFSET p_offset
    )
    SELECT p.id, p.user_id, p.tipo, p.mensagem, p.lido, p.referencia_id, p.created_at, u.nome, u.nome_mercado,
           p.alcance, p.lidas, p.total
      FROM pagina p LEFT JOIN public.users u ON u.id = p.user_id
     ORDER BY p.created_at DESC, p.id DESC;
END $$;
REVOKE ALL ON FUNCTION public.admin_notifications_page(text, boolean, integer, integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.admin_notifications_page(text, boolean, integer, integer) TO authenticated, service_role;

-- 'Marcar como lida' and 'Excluir' on a send to all act on every owner's row of it, logged once; on an owner's
-- own notification, as before.
CREATE OR REPLACE FUNCTION public.admin_mark_notification_read(p_id uuid)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_row public.notificacoes;
  v_count integer;
BEGIN
  PERFORM public.exigir_admin();
  IF EXISTS (SELECT 1 FROM public.envios_para_todos e WHERE e.id = p_id) THEN
    PERFORM set_config('caderneta.envio_registrado', 'on', true);
    UPDATE public.notificacoes n SET lido = true, updated_at = now()
      FROM public.envio_para_todos_notificacoes d
     WHERE d.envio_id = p_id AND n.id = d.notificacao_id AND NOT n._deleted AND NOT n.lido;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    PERFORM set_config('caderneta.envio_registrado', 'off', true);
    INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
    VALUES (auth.uid(), 'mark_notification_read', 'all', p_id::text, jsonb_build_object('count', v_count),
            public.ip_da_requisicao());
    RETURN;
  END IF;
  SELECT * INTO v_row FROM public.notificacoes n WHERE n.id = p_id AND NOT n._deleted FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Notificação não encontrada.' USING ERRCODE = 'P0002';
  END IF;
  IF v_row.lido THEN
    RETURN;
  END IF;
  -- Logged by the trigger registrar_notificacao_alterada_por_admin.
  UPDATE public.notificacoes n SET lido = true, updated_at = now() WHERE n.id = p_id;
END $$;

CREATE OR REPLACE FUNCTION public.admin_delete_notification(p_id uuid)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_count integer;
BEGIN
  PERFORM public.exigir_admin();
  IF EXISTS (SELECT 1 FROM public.envios_para_todos e WHERE e.id = p_id) THEN
    PERFORM set_config('caderneta.envio_registrado', 'on', true);
    UPDATE public.notificacoes n SET _deleted = true, updated_at = now()
      FROM public.envio_para_todos_notificacoes d
     WHERE d.envio_id = p_id AND n.id = d.notificacao_id AND NOT n._deleted;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    PERFORM set_config('caderneta.envio_registrado', 'off', true);
    IF v_count = 0 THEN
      RAISE EXCEPTION 'Notificação não encontrada.' USING ERRCODE = 'P0002';
    END IF;
    INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
    VALUES (auth.uid(), 'delete_notification', 'all', p_id::text, jsonb_build_object('count', v_count),
            public.ip_da_requisicao());
    RETURN;
  END IF;
  PERFORM 1 FROM public.notificacoes n WHERE n.id = p_id AND NOT n._deleted FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Notificação não encontrada.' USING ERRCODE = 'P0002';
  END IF;
  -- Logged by the trigger registrar_notificacao_alterada_por_admin.
  UPDATE public.notificacoes n SET _deleted = true, updated_at = now() WHERE n.id = p_id;
END $$;

-- The row trigger leaves alone what a function logs once for a whole send (caderneta.envio_registrado).
CREATE OR REPLACE FUNCTION public.registrar_notificacao_alterada_por_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_action text;
BEGIN
  IF NOT public.is_admin() OR NEW.user_id IS NOT DISTINCT FROM auth.uid()
     OR current_setting('caderneta.envio_registrado', true) = 'on' THEN
    RETURN NULL;
  END IF;
  v_action := CASE
    WHEN NEW._deleted AND NOT OLD._deleted THEN 'delete_notification'
    WHEN NEW.lido AND NOT OLD.lido AND NOT NEW._deleted THEN 'mark_notification_read'
  END;
  IF v_action IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), v_action, 'notification', NEW.id::text,
          jsonb_build_object('tipo', NEW.tipo, 'user_id', NEW.user_id, 'mensagem', NEW.mensagem),
          public.ip_da_requisicao());
  RETURN NULL;
END $$;

-- SLA alerts carry the ticket's priority, so each alert's badge says it (Urgente, Alta, Média, Baixa) instead of
-- 'Urgente' for all.
DROP FUNCTION IF EXISTS public.check_sla_violations();
CREATE FUNCTION public.check_sla_violations()
RETURNS TABLE (ticket_id uuid, title text, hours_remaining numeric, priority text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY
    SELECT t.id, t.title, round((24 - extract(epoch FROM now() - t.created_at) / 3600)::numeric, 1), t.priority
      FROM public.support_tickets t
     WHERE NOT t.archived AND t.status IN ('open', 'in_progress') AND t.first_response_at IS NULL
       AND t.created_at < now() - interval '18 hours'
     ORDER BY t.created_at;
END $$;
REVOKE ALL ON FUNCTION public.check_sla_violations() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.check_sla_violations() TO authenticated, service_role;

-- The logs search looks into each entry's details too (a user id, an e-mail, a message): the details as text,
-- kept beside them so the page's filter can match it.
ALTER TABLE public.admin_logs ADD COLUMN IF NOT EXISTS detalhes_texto text GENERATED ALWAYS AS (details::text) STORED;
ALTER TABLE public.security_logs ADD COLUMN IF NOT EXISTS detalhes_texto text GENERATED ALWAYS AS (details::text) STORED;
