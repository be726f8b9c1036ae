-- The owner's devices see each other in Realtime presence on the private channel `aparelhos:<user id>`: only the
-- owner's own sessions may join it and track themselves there (Realtime Authorization reads these policies).

-- What Supabase's Realtime provides, for a database that has not met it yet.
CREATE SCHEMA IF NOT EXISTS realtime;
GRANT USAGE ON SCHEMA realtime TO anon, authenticated, service_role;
CREATE TABLE IF NOT EXISTS realtime.messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  topic text NOT NULL,
  extension text NOT NULL,
  payload jsonb,
  event text,
  private boolean DEFAULT false,
  updated_at timestamp NOT NULL DEFAULT now(),
  inserted_at timestamp NOT NULL DEFAULT now()
);
ALTER TABLE realtime.messages ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON realtime.messages TO authenticated, service_role;
DO $$
BEGIN
  IF to_regprocedure('realtime.topic()') IS NULL THEN
    CREATE FUNCTION realtime.topic() RETURNS text LANGUAGE sql STABLE
      AS 'SELECT nullif(current_setting(''realtime.topic'', true), '''')::text';
    GRANT EXECUTE ON FUNCTION realtime.topic() TO anon, authenticated, service_role;
  END IF;
END $$;

CREATE POLICY aparelhos_do_dono_le ON realtime.messages FOR SELECT TO authenticated
  USING (extension = 'presence' AND realtime.topic() = 'aparelhos:' || auth.uid()::text);
CREATE POLICY aparelhos_do_dono_marca ON realtime.messages FOR INSERT TO authenticated
  WITH CHECK (extension = 'presence' AND realtime.topic() = 'aparelhos:' || auth.uid()::text);

-- 'Exigir autenticação de dois fatores (2FA)' (security_settings.require_2fa) made real for admins: while it is on,
-- an admin session counts as admin only once it proved a second factor (aal2 in its token), so every admin
-- procedure (exigir_admin) and every admin read (policies on is_admin) refuses an aal1 session.
CREATE OR REPLACE FUNCTION public.segundo_fator_exigido_admin()
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT coalesce((SELECT (value ->> 'require_2fa')::boolean FROM public.system_settings WHERE key = 'security_settings'),
                  false)
$$;
REVOKE ALL ON FUNCTION public.segundo_fator_exigido_admin() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.segundo_fator_exigido_admin() TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.is_admin()
RETURNS boolean
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT CASE WHEN auth.jwt() -> 'app_metadata' ->> 'role' = 'admin'
    THEN public.acesso_em_dia()
         AND (auth.jwt() ->> 'aal' IS NOT DISTINCT FROM 'aal2' OR NOT public.segundo_fator_exigido_admin())
    ELSE false END
$$;
GRANT EXECUTE ON FUNCTION public.is_admin() TO anon, authenticated, service_role;

-- What the app asks before opening the admin screens: whether this admin session still has to prove a second factor.
-- Any signed-in session may ask (an owner's answer is false), so it is not named as an admin call (admin_*), which
-- refuses non-admins.
CREATE OR REPLACE FUNCTION public.segundo_fator_pendente()
RETURNS boolean
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT coalesce(auth.jwt() -> 'app_metadata' ->> 'role' = 'admin', false)
     AND auth.jwt() ->> 'aal' IS DISTINCT FROM 'aal2'
     AND public.segundo_fator_exigido_admin()
$$;
REVOKE ALL ON FUNCTION public.segundo_fator_pendente() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.segundo_fator_pendente() TO authenticated;

-- The log of a setting's change asks who wrote it after the change: an admin switching 2FA on from an aal1 session
-- is no longer is_admin() by then. Row-level security already let only an admin write the row, so the admin role in
-- the token is enough here (the service role, which has none, is still not logged).
CREATE OR REPLACE FUNCTION public.registrar_configuracao_por_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF auth.jwt() -> 'app_metadata' ->> 'role' IS DISTINCT FROM 'admin' OR NEW.value IS NOT DISTINCT FROM OLD.value THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), 'update_setting', 'setting', NEW.key, jsonb_build_object('de', OLD.value, 'para', NEW.value),
          public.ip_da_requisicao());
  RETURN NULL;
END $$;
