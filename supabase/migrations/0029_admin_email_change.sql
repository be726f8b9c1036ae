-- An administrator's change of a user's e-mail in the admin area (the edit modal writes public.users.email) is
-- the sign-in e-mail as well: Auth's user takes it at once, so the owner signs in with the new address and the
-- users page (which shows Auth's address) shows it. An address another account already uses is refused (23505)
-- and nothing changes. An owner cannot change public.users.email herself (proteger_perfil).

CREATE OR REPLACE FUNCTION public.levar_email_ao_auth()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF public.is_admin() AND NEW.email IS NOT NULL AND NEW.email IS DISTINCT FROM OLD.email THEN
    IF EXISTS (SELECT 1 FROM auth.users a WHERE lower(a.email) = lower(NEW.email) AND a.id <> NEW.id) THEN
      RAISE EXCEPTION 'Este email já está em uso por outra conta.' USING ERRCODE = '23505';
    END IF;
    UPDATE auth.users SET email = NEW.email, updated_at = now()
     WHERE id = NEW.id AND email IS DISTINCT FROM NEW.email;
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.levar_email_ao_auth() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER levar_email_ao_auth AFTER UPDATE OF email ON public.users
  FOR EACH ROW EXECUTE FUNCTION public.levar_email_ao_auth();
