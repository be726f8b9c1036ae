-- Device sessions: the procedures a device calls to register its sign-in, to learn whether it is still the
-- active one (the free plan allows one device at a time) and to sign out; the user_sessions table is 0002's.
-- With them, the caller's IP as the gateway forwarded it, which sessions record (and the admin logs, 0005).

-- The caller's IP as the API gateway forwarded it (PostgREST exposes request headers as a setting).
CREATE OR REPLACE FUNCTION public.ip_da_requisicao()
RETURNS text
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT nullif(btrim(split_part(coalesce(
    nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for',
    nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-real-ip', ''), ',', 1)), '')
$$;

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

-- Who may call what: the signed-in, each for their own sessions (admins checked inside).
REVOKE ALL ON FUNCTION
  public.register_user_session(text, text), public.check_user_session(text),
  public.deactivate_specific_user_session(uuid, text)
  FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION
  public.register_user_session(text, text), public.check_user_session(text),
  public.deactivate_specific_user_session(uuid, text)
  TO authenticated, service_role;
