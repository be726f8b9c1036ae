-- The product cap that applies to the signed-in owner, as limite_produtos() applies it: the free plan's
-- `free_plan_limits.products`, none (null) on the premium plan. The device keeps the answer, so that a product
-- past the cap is refused on the device (offline too) instead of being saved and then refused by the server.
CREATE OR REPLACE FUNCTION public.limite_produtos_do_dono()
RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT CASE WHEN coalesce(public.plano_vigente(auth.uid()), 'free') = 'free' THEN public.limite_produtos_gratuito() END
$$;
REVOKE ALL ON FUNCTION public.limite_produtos_do_dono() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.limite_produtos_do_dono() TO authenticated, service_role;
