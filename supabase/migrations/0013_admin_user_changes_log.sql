-- Every change an admin makes to a user's profile (plan, status, the edit modal, deletion) is written to
-- admin_logs by the server itself, whichever way it was made (RPC or REST): the UI never writes these entries.
-- The entry names what changed, from and to (details), the admin (auth.uid()) and the request's IP.

CREATE OR REPLACE FUNCTION public.registrar_alteracao_de_usuario_por_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_old jsonb := to_jsonb(OLD);
  v_changes jsonb;
  v_keys text[];
  v_action text;
BEGIN
  IF NOT public.is_admin() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    v_action := 'delete_user';
    v_changes := jsonb_build_object('nome', OLD.nome, 'email', OLD.email, 'nome_mercado', OLD.nome_mercado);
  ELSE
    SELECT jsonb_object_agg(n.key, jsonb_build_object('de', v_old -> n.key, 'para', n.value))
      INTO v_changes
      FROM jsonb_each(to_jsonb(NEW)) n
     WHERE n.key <> 'updated_at' AND n.value IS DISTINCT FROM v_old -> n.key;
    IF v_changes IS NULL THEN
      RETURN NULL;
    END IF;
    v_keys := ARRAY(SELECT jsonb_object_keys(v_changes));
    v_action := CASE
      WHEN v_keys <@ ARRAY['status_pagamento'] THEN 'update_user_status'
      WHEN v_keys <@ ARRAY['plano', 'data_inicio_plano', 'data_fim_plano', 'status_pagamento'] THEN 'update_user_plan'
      ELSE 'update_user'
    END;
  END IF;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), v_action, 'user', OLD.id::text, v_changes, public.ip_da_requisicao());
  RETURN NULL;
END $$;

REVOKE ALL ON FUNCTION public.registrar_alteracao_de_usuario_por_admin() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER registrar_alteracao_por_admin
  AFTER UPDATE OR DELETE ON public.users
  FOR EACH ROW EXECUTE FUNCTION public.registrar_alteracao_de_usuario_por_admin();
