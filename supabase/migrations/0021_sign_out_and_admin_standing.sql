-- A token outlives what it stood for by up to an hour: the account, the sign-in and the admin role are read from
-- the database instead. Signing out (any scope: this device, all of them, all but this one; also a new password
-- ending the other sessions, or a session removed by the admin API) ends the device's session row, so
-- escrita_recusada() refuses the old access token at once over REST, sync pushes, Storage and support; and an
-- administrator is one only while the account exists, is neither banned nor suspended, and this sign-in was
-- not ended.

-- Auth deletes a session when it is signed out; its device session (user_sessions, named by the same id) ends
-- with it. A sign-in that never registered its device (a premium owner may write without registering) is
-- recorded as ended, so that its token is refused too. A session deleted with its account records nothing.
CREATE OR REPLACE FUNCTION public.encerrar_sessao_do_dispositivo()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  UPDATE public.user_sessions SET is_active = false, ended_at = now()
   WHERE user_id = OLD.user_id AND session_token = OLD.id::text AND is_active;
  IF NOT FOUND AND EXISTS (SELECT 1 FROM auth.users a WHERE a.id = OLD.user_id) THEN
    INSERT INTO public.user_sessions (user_id, session_token, is_active, ended_at)
    VALUES (OLD.user_id, OLD.id::text, false, now())
    ON CONFLICT (user_id, session_token) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION public.encerrar_sessao_do_dispositivo() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS encerrar_sessao_do_dispositivo ON auth.sessions;
CREATE TRIGGER encerrar_sessao_do_dispositivo AFTER DELETE ON auth.sessions
  FOR EACH ROW EXECUTE FUNCTION public.encerrar_sessao_do_dispositivo();

-- Whether the caller's access stands: the account exists (not deleted, also softly), is neither banned in Auth
-- nor suspended in the admin area, and this sign-in (the JWT's session_id) was not ended. Asked once per
-- transaction: the answer is kept for the rest of it in a transaction-local setting named after the caller (a
-- request is one transaction, and whoever could write that setting could write request.jwt.claims as well).
CREATE OR REPLACE FUNCTION public.acesso_em_dia()
RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_chamador text := coalesce(auth.jwt() ->> 'sub', '') || ' ' || coalesce(auth.jwt() ->> 'session_id', '');
  v_guardado text := current_setting('caderneta.acesso_em_dia', true);
  v_em_dia boolean;
BEGIN
  IF v_guardado = v_chamador || ' t' THEN
    RETURN true;
  ELSIF v_guardado = v_chamador || ' f' THEN
    RETURN false;
  END IF;
  SELECT EXISTS (
    SELECT 1 FROM auth.users a
      LEFT JOIN public.users u ON u.id = a.id
      LEFT JOIN public.user_sessions s ON s.user_id = a.id AND s.session_token = auth.jwt() ->> 'session_id'
     WHERE a.id = auth.uid() AND a.deleted_at IS NULL AND NOT coalesce(a.banned_until > now(), false)
       AND u.status_pagamento IS DISTINCT FROM 'suspenso' AND s.is_active IS DISTINCT FROM false)
    INTO v_em_dia;
  PERFORM pg_catalog.set_config('caderneta.acesso_em_dia', v_chamador || CASE WHEN v_em_dia THEN ' t' ELSE ' f' END, true);
  RETURN v_em_dia;
END $$;
-- is_admin() runs as its caller, anon included, so every role must be able to call it.
GRANT EXECUTE ON FUNCTION public.acesso_em_dia() TO anon, authenticated, service_role;

-- Administrators are marked by a role in the JWT's app_metadata, which only the server can grant, and are
-- administrators only while their access stands (acesso_em_dia). Row-level policies ask it for every row they
-- filter: a token without the role answers at once, as before; with it, the standing is read once per request.
CREATE OR REPLACE FUNCTION public.is_admin()
RETURNS boolean
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT CASE WHEN auth.jwt() -> 'app_metadata' ->> 'role' = 'admin' THEN public.acesso_em_dia() ELSE false END
$$;
GRANT EXECUTE ON FUNCTION public.is_admin() TO anon, authenticated, service_role;
