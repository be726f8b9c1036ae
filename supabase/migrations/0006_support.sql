-- Support: tickets owners open and the replies on them, the rules of who changes what, and the admin's SLA
-- and read-mark procedures (refused to everyone else with 42501, through exigir_admin() of 0005).

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
ALTER TABLE public.support_tickets ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.support_responses ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.support_tickets, public.support_responses FROM anon, authenticated;
GRANT ALL ON public.support_tickets, public.support_responses TO service_role;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.support_tickets TO authenticated;
GRANT SELECT, INSERT ON public.support_responses TO authenticated;

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

-- Who may call what: admins (checked inside).
REVOKE ALL ON FUNCTION public.check_sla_violations(), public.mark_ticket_read_admin(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.check_sla_violations(), public.mark_ticket_read_admin(uuid) TO authenticated, service_role;
