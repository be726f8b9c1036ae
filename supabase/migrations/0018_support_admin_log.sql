-- What an admin does on support tickets is written to admin_logs by the server itself, whichever way it was made
-- (the board, the detail modal or plain REST): a status move (update_ticket_status, from and to), archiving a
-- closed ticket (archive_ticket) and a reply (reply_ticket). The UI never writes these entries; an owner's own
-- changes (opening a ticket, replying, marking a reply read) are not logged.

CREATE OR REPLACE FUNCTION public.registrar_alteracao_de_ticket_por_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF NOT public.is_admin() THEN
    RETURN NULL;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
    VALUES (auth.uid(), 'update_ticket_status', 'ticket', NEW.id::text,
            jsonb_build_object('de', OLD.status, 'para', NEW.status, 'titulo', NEW.title), public.ip_da_requisicao());
  END IF;
  IF NEW.archived AND NOT OLD.archived THEN
    INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
    VALUES (auth.uid(), 'archive_ticket', 'ticket', NEW.id::text, jsonb_build_object('titulo', NEW.title),
            public.ip_da_requisicao());
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION public.registrar_resposta_de_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF NEW.responder_type <> 'admin' OR NOT public.is_admin() THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), 'reply_ticket', 'ticket', NEW.ticket_id::text,
          jsonb_build_object('resposta_id', NEW.id, 'caracteres', char_length(NEW.message)), public.ip_da_requisicao());
  RETURN NULL;
END $$;

REVOKE ALL ON FUNCTION public.registrar_alteracao_de_ticket_por_admin(), public.registrar_resposta_de_admin()
  FROM PUBLIC, anon, authenticated;

CREATE TRIGGER registrar_alteracao_por_admin
  AFTER UPDATE ON public.support_tickets
  FOR EACH ROW EXECUTE FUNCTION public.registrar_alteracao_de_ticket_por_admin();

CREATE TRIGGER registrar_resposta_de_admin
  AFTER INSERT ON public.support_responses
  FOR EACH ROW EXECUTE FUNCTION public.registrar_resposta_de_admin();
