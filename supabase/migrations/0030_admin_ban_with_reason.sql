-- Suspending or banning from the admin area takes a reason the owner is told when a sign-in is refused ('Sua
-- conta está suspensa: …'). 'Banir' bans the account in Auth as well (banned_until, as GoTrue), so it is told
-- apart from a suspension; 'Ativar' lifts both and forgets the reason. The reason is the server's: an owner
-- cannot write it.

ALTER TABLE public.users ADD COLUMN IF NOT EXISTS motivo_suspensao text
  CONSTRAINT users_motivo_suspensao_tamanho CHECK (char_length(motivo_suspensao) <= 500);

CREATE OR REPLACE FUNCTION public.proteger_motivo_suspensao()
RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF auth.role() = 'authenticated' AND NOT public.is_admin() AND NEW.motivo_suspensao IS DISTINCT FROM OLD.motivo_suspensao THEN
    RAISE EXCEPTION 'Só é possível alterar nome, nome do mercado e telefone.' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER proteger_motivo_suspensao BEFORE UPDATE ON public.users
  FOR EACH ROW EXECUTE FUNCTION public.proteger_motivo_suspensao();

-- Suspends (p_banir false) or bans (p_banir true) with a reason; never one's own account (proteger_conta_do_admin).
CREATE OR REPLACE FUNCTION public.admin_suspend_user(p_user_id uuid, p_motivo text, p_banir boolean DEFAULT false)
RETURNS public.users
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_user public.users;
  v_motivo text := nullif(btrim(coalesce(p_motivo, '')), '');
BEGIN
  PERFORM public.exigir_admin();
  IF v_motivo IS NULL THEN
    RAISE EXCEPTION 'Informe o motivo.' USING ERRCODE = '22023';
  END IF;
  UPDATE public.users SET status_pagamento = 'suspenso', motivo_suspensao = v_motivo WHERE id = p_user_id RETURNING * INTO v_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Usuário não encontrado' USING ERRCODE = 'P0002';
  END IF;
  UPDATE auth.users SET banned_until = CASE WHEN coalesce(p_banir, false) THEN 'infinity'::timestamptz END, updated_at = now()
   WHERE id = p_user_id;
  RETURN v_user;
END $$;
REVOKE ALL ON FUNCTION public.admin_suspend_user(uuid, text, boolean) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.admin_suspend_user(uuid, text, boolean) TO authenticated, service_role;

-- Status change by the admin; any status but 'suspenso' also lifts a ban and forgets the reason.
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
  UPDATE public.users
     SET status_pagamento = p_status,
         motivo_suspensao = CASE WHEN p_status = 'suspenso' THEN motivo_suspensao END
   WHERE id = p_user_id RETURNING * INTO v_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Usuário não encontrado' USING ERRCODE = 'P0002';
  END IF;
  IF p_status <> 'suspenso' THEN
    UPDATE auth.users SET banned_until = NULL, updated_at = now() WHERE id = p_user_id AND banned_until IS NOT NULL;
  END IF;
  RETURN v_user;
END $$;

-- The admin log (0013) counts a suspension's reason as part of the status change.
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
      WHEN v_keys <@ ARRAY['status_pagamento', 'motivo_suspensao'] THEN 'update_user_status'
      WHEN v_keys <@ ARRAY['plano', 'data_inicio_plano', 'data_fim_plano', 'status_pagamento'] THEN 'update_user_plan'
      ELSE 'update_user'
    END;
  END IF;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), v_action, 'user', OLD.id::text, v_changes, public.ip_da_requisicao());
  RETURN NULL;
END $$;
