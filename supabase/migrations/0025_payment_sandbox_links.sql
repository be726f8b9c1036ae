-- The local payment sandbox's links, each good for one use and for one hour (a provider's checkout session is
-- completed once): the checkout and the portal register the link they hand out, and the sandbox takes it before
-- sending the provider's event. Written and read by the functions with the service role only; with a real
-- provider (hosted projects) the table stays empty.

CREATE TABLE public.payment_sandbox_links (
  id text PRIMARY KEY CONSTRAINT payment_sandbox_links_id_valido CHECK (id ~ '^(cs|ps)_sandbox_[0-9a-f]{32}$'),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  kind text NOT NULL CONSTRAINT payment_sandbox_links_kind_valido CHECK (kind IN ('checkout', 'portal')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '1 hour',
  used_at timestamptz
);
CREATE INDEX payment_sandbox_links_user_idx ON public.payment_sandbox_links (user_id);

ALTER TABLE public.payment_sandbox_links ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.payment_sandbox_links FROM anon, authenticated;
GRANT ALL ON public.payment_sandbox_links TO service_role;

-- Where a link stands ('valido', 'usado', 'expirado' or 'inexistente'); with p_usar, a valid link is taken (used
-- now) in the same step, so two presses of 'Pagar' cannot both pass.
CREATE OR REPLACE FUNCTION public.usar_link_sandbox(p_id text, p_usar boolean DEFAULT true)
RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_link public.payment_sandbox_links;
BEGIN
  SELECT * INTO v_link FROM public.payment_sandbox_links l WHERE l.id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'inexistente';
  END IF;
  IF v_link.used_at IS NOT NULL THEN
    RETURN 'usado';
  END IF;
  IF v_link.expires_at <= now() THEN
    RETURN 'expirado';
  END IF;
  IF p_usar THEN
    UPDATE public.payment_sandbox_links l SET used_at = now() WHERE l.id = p_id;
  END IF;
  RETURN 'valido';
END $$;

-- Gives a taken link back when its event could not be delivered (the owner may press again).
CREATE OR REPLACE FUNCTION public.devolver_link_sandbox(p_id text)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$ UPDATE public.payment_sandbox_links l SET used_at = NULL WHERE l.id = p_id $$;

REVOKE ALL ON FUNCTION public.usar_link_sandbox(text, boolean), public.devolver_link_sandbox(text)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.usar_link_sandbox(text, boolean), public.devolver_link_sandbox(text) TO service_role;
