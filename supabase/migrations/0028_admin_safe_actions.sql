-- What an administrator may not do to his own account, whichever way he tries (the admin RPCs or a REST write):
-- change his own status (suspend or ban himself: his next sign-in would be refused) nor delete his own profile.
-- Another administrator still can. And 'Tornar Premium' changes the plan only: a suspended account made premium
-- stays suspended (before, the plan change also set the status to 'ativo').

CREATE OR REPLACE FUNCTION public.proteger_conta_do_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF auth.role() = 'authenticated' AND OLD.id = auth.uid() AND public.is_admin() THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'Um administrador não pode excluir a própria conta.' USING ERRCODE = '42501';
    END IF;
    IF NEW.status_pagamento IS DISTINCT FROM OLD.status_pagamento THEN
      RAISE EXCEPTION 'Um administrador não pode suspender, banir nem mudar o status da própria conta.' USING ERRCODE = '42501';
    END IF;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
REVOKE ALL ON FUNCTION public.proteger_conta_do_admin() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.proteger_conta_do_admin() TO authenticated, service_role;

CREATE TRIGGER proteger_conta_do_admin BEFORE UPDATE OR DELETE ON public.users
  FOR EACH ROW EXECUTE FUNCTION public.proteger_conta_do_admin();

-- Plan change by the admin: premium with an end date (or none), or back to free (no end date); the status is
-- left as it is.
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
         data_fim_plano = CASE WHEN p_plano = 'premium' THEN p_data_fim_plano END
   WHERE id = p_user_id
  RETURNING * INTO v_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Usuário não encontrado' USING ERRCODE = 'P0002';
  END IF;
  RETURN v_user;
END $$;
