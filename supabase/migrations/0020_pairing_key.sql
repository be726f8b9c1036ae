-- The owner's pairing key: one random secret per owner that the server gives only to that owner's own devices
-- while they are online. Two devices pairing with no internet prove with it that both belong to the same owner
-- (the invitation, the answer and the link's handshake are signed with a key derived from it); a device of
-- another account, which knows the owner's id but never had this key, cannot pair.

CREATE TABLE public.chaves_pareamento (
  user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  -- 32 random bytes in URL-safe base64 without padding.
  chave text NOT NULL CONSTRAINT chaves_pareamento_chave_valida CHECK (chave ~ '^[A-Za-z0-9_-]{43}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only the owner reads their own key (not even the admin reads it); nobody writes it over the API: the
-- function below makes it. Not in the Realtime publication: it is never streamed to anyone.
ALTER TABLE public.chaves_pareamento ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.chaves_pareamento FROM PUBLIC, anon, authenticated;
GRANT SELECT ON public.chaves_pareamento TO authenticated;
GRANT ALL ON public.chaves_pareamento TO service_role;
CREATE POLICY dono_le ON public.chaves_pareamento FOR SELECT TO authenticated USING (user_id = auth.uid());

-- The signed-in owner's pairing key, made on the first call. gen_random_uuid() draws from the server's strong
-- random source (122 random bits each): two of them give 244 bits, in every Postgres a Supabase project runs.
CREATE OR REPLACE FUNCTION public.chave_de_pareamento()
RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_user uuid := auth.uid();
  v_chave text;
BEGIN
  IF v_user IS NULL OR auth.role() IS DISTINCT FROM 'authenticated' THEN
    RAISE EXCEPTION 'Usuário não autenticado' USING ERRCODE = '42501';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM auth.users a WHERE a.id = v_user AND a.deleted_at IS NULL) THEN
    RAISE EXCEPTION 'Conta não encontrada' USING ERRCODE = '42501';
  END IF;
  INSERT INTO public.chaves_pareamento (user_id, chave)
  VALUES (
    v_user,
    pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(pg_catalog.decode(pg_catalog.replace(
      pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')
  )
  ON CONFLICT (user_id) DO NOTHING;
  SELECT c.chave INTO v_chave FROM public.chaves_pareamento c WHERE c.user_id = v_user;
  RETURN v_chave;
END $$;

REVOKE ALL ON FUNCTION public.chave_de_pareamento() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.chave_de_pareamento() TO authenticated;
