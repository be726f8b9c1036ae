-- What an owner writes beside the shop's data, decided by the database: support (tickets and replies) only for a
-- Premium owner in good standing, at a human pace; a ticket keeps its id; notifications are written by the server
-- and the admin only (an owner marks them read or deletes them, as the app does); a suspended, banned or signed-out
-- owner's still-valid token no longer changes the profile. Admins, the service role and the server's own triggers
-- are not owners.

-- How many tickets an owner opens per hour, and replies per minute and per hour.
CREATE OR REPLACE FUNCTION public.limites_suporte()
RETURNS TABLE (tickets_por_hora integer, respostas_por_minuto integer, respostas_por_hora integer)
LANGUAGE sql IMMUTABLE SET search_path = ''
AS $$ SELECT 5, 10, 60 $$;

-- Why the signed-in owner may not use support now, or null when they may: the reasons of escrita_recusada()
-- (account gone, suspended or banned, trial over, this sign-in ended), then support is Premium's (spec 2: a
-- Premium plan in force with its payment active, as the app offers it).
CREATE OR REPLACE FUNCTION public.suporte_recusado()
RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_motivo text;
BEGIN
  IF auth.role() IS DISTINCT FROM 'authenticated' OR public.is_admin() THEN
    RETURN NULL;
  END IF;
  v_motivo := public.escrita_recusada();
  IF v_motivo IS NOT NULL THEN
    RETURN v_motivo;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM public.users u
                  WHERE u.id = auth.uid() AND public.plano_vigente(u.id) = 'premium' AND u.status_pagamento = 'ativo') THEN
    RETURN 'sem_suporte_premium';
  END IF;
  RETURN NULL;
END $$;

-- Raises the refusal of suporte_recusado() (42501) with a Portuguese reason; nothing when support is allowed.
CREATE OR REPLACE FUNCTION public.exigir_suporte()
RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  CASE public.suporte_recusado()
    WHEN 'conta_inexistente' THEN
      RAISE EXCEPTION 'Conta não encontrada' USING ERRCODE = '42501';
    WHEN 'conta_suspensa' THEN
      RAISE EXCEPTION 'Conta suspensa'
        USING ERRCODE = '42501', DETAIL = 'Sua conta está suspensa. Fale com o suporte por e-mail.';
    WHEN 'sessao_encerrada', 'sessao_nao_registrada' THEN
      RAISE EXCEPTION 'Sessão encerrada: entre novamente para continuar.' USING ERRCODE = '42501';
    WHEN 'teste_expirado', 'sem_suporte_premium' THEN
      RAISE EXCEPTION 'O suporte é exclusivo do Plano Premium.'
        USING ERRCODE = '42501', DETAIL = 'Assine o Plano Premium para abrir tickets de suporte.';
    ELSE
      NULL;
  END CASE;
END $$;

-- An owner's pace on support, counted on the server's clock (created_at is the server's on every owner write):
-- one writer at a time per owner, so parallel requests cannot all pass the count. 429 (PostgREST's PT429).
CREATE OR REPLACE FUNCTION public.limitar_ritmo_suporte(p_tabela text)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_limites record;
  v_ultima_hora integer;
  v_ultimo_minuto integer;
BEGIN
  SELECT * INTO v_limites FROM public.limites_suporte();
  PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('suporte:' || auth.uid()::text, 0));
  IF p_tabela = 'support_tickets' THEN
    SELECT count(*) INTO v_ultima_hora FROM public.support_tickets t
     WHERE t.user_id = auth.uid() AND t.created_at > now() - interval '1 hour';
    IF v_ultima_hora >= v_limites.tickets_por_hora THEN
      RAISE EXCEPTION 'Limite de % tickets por hora atingido.', v_limites.tickets_por_hora
        USING ERRCODE = 'PT429', DETAIL = 'Aguarde antes de abrir outro ticket, ou responda no ticket já aberto.';
    END IF;
  ELSE
    SELECT count(*) FILTER (WHERE r.created_at > now() - interval '1 minute'), count(*)
      INTO v_ultimo_minuto, v_ultima_hora
      FROM public.support_responses r
     WHERE r.responder_id = auth.uid() AND r.responder_type = 'user' AND r.created_at > now() - interval '1 hour';
    IF v_ultimo_minuto >= v_limites.respostas_por_minuto OR v_ultima_hora >= v_limites.respostas_por_hora THEN
      RAISE EXCEPTION 'Muitas mensagens em pouco tempo.'
        USING ERRCODE = 'PT429', DETAIL = 'Aguarde um minuto antes de enviar outra mensagem.';
    END IF;
  END IF;
END $$;

REVOKE ALL ON FUNCTION public.suporte_recusado(), public.exigir_suporte(), public.limitar_ritmo_suporte(text)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.limites_suporte() TO authenticated, service_role;

CREATE INDEX IF NOT EXISTS support_tickets_user_created_idx ON public.support_tickets (user_id, created_at DESC);
CREATE INDEX IF NOT EXISTS support_responses_responder_created_idx
  ON public.support_responses (responder_id, created_at DESC);

-- Tickets: the id never changes (for anyone); an owner's own writes (opening, marking a reply read) need support,
-- and opening one keeps to the hourly limit. The server's triggers (a reply moving the unread flags) are not
-- owner writes.
CREATE OR REPLACE FUNCTION public.ticket_do_dono()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
    RAISE EXCEPTION 'O identificador do ticket não muda.' USING ERRCODE = '42501';
  END IF;
  IF auth.role() = 'authenticated' AND NOT public.is_admin() AND pg_catalog.pg_trigger_depth() = 1 THEN
    PERFORM public.exigir_suporte();
    IF TG_OP = 'INSERT' THEN
      PERFORM public.limitar_ritmo_suporte('support_tickets');
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ticket_do_dono BEFORE INSERT OR UPDATE ON public.support_tickets
  FOR EACH ROW EXECUTE FUNCTION public.ticket_do_dono();

-- Replies: an owner's need support and keep to the pace per minute and per hour.
CREATE OR REPLACE FUNCTION public.resposta_do_dono()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF auth.role() = 'authenticated' AND NOT public.is_admin() AND pg_catalog.pg_trigger_depth() = 1 THEN
    PERFORM public.exigir_suporte();
    PERFORM public.limitar_ritmo_suporte('support_responses');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER resposta_do_dono BEFORE INSERT ON public.support_responses
  FOR EACH ROW EXECUTE FUNCTION public.resposta_do_dono();

-- The profile: an owner whose account is suspended, banned, gone, or whose sign-in was ended changes nothing of it
-- (proteger_perfil of 0002 still decides which fields an owner may change at all).
CREATE OR REPLACE FUNCTION public.perfil_de_conta_em_dia()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF auth.role() = 'authenticated' AND NOT public.is_admin() AND pg_catalog.pg_trigger_depth() = 1 THEN
    CASE public.escrita_recusada()
      WHEN 'conta_inexistente' THEN
        RAISE EXCEPTION 'Conta não encontrada' USING ERRCODE = '42501';
      WHEN 'conta_suspensa' THEN
        RAISE EXCEPTION 'Conta suspensa'
          USING ERRCODE = '42501', DETAIL = 'Sua conta está suspensa. Fale com o suporte para voltar a usar o Caderneta.';
      WHEN 'sessao_encerrada' THEN
        RAISE EXCEPTION 'Sessão encerrada: entre novamente para continuar.' USING ERRCODE = '42501';
      ELSE
        NULL;
    END CASE;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER perfil_de_conta_em_dia BEFORE UPDATE ON public.users
  FOR EACH ROW EXECUTE FUNCTION public.perfil_de_conta_em_dia();

-- Notifications are the server's (stock alerts, support replies) and the admin's (sends): the app never creates
-- one on the device, so an owner inserts none (by REST or by a sync push), of any type. An owner's change is
-- what the app makes: read, or deleted (the soft delete); the rest of the row stays as it was sent.
DROP POLICY IF EXISTS dono_insere ON public.notificacoes;

CREATE OR REPLACE FUNCTION public.notificacao_do_dono()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF auth.role() = 'authenticated' AND NOT public.is_admin() AND pg_catalog.pg_trigger_depth() = 1 THEN
    IF (NEW.id, NEW.user_id, NEW.tipo, NEW.mensagem, NEW.referencia_id)
       IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.tipo, OLD.mensagem, OLD.referencia_id) THEN
      RAISE EXCEPTION 'Só é possível marcar a notificação como lida ou excluí-la.' USING ERRCODE = '42501';
    END IF;
    NEW.created_at := OLD.created_at;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER notificacao_do_dono BEFORE UPDATE ON public.notificacoes
  FOR EACH ROW EXECUTE FUNCTION public.notificacao_do_dono();

REVOKE ALL ON FUNCTION public.ticket_do_dono(), public.resposta_do_dono(), public.perfil_de_conta_em_dia(),
  public.notificacao_do_dono() FROM PUBLIC, anon, authenticated;
