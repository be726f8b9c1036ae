-- Deleting a user from the admin area (spec 2 §2 'Excluir', issue 13): the auth user, the profile and every row
-- the owner has in any table (replicated rows purged, not soft-deleted), in one transaction; the owner's photos
-- in product-images are removed through the Storage API first, which the admin may list and remove for that.
-- The deletion is logged by the users trigger of 0013 (delete_user). Admins only; never one's own account.

CREATE POLICY "product-images: admin lê tudo" ON storage.objects FOR SELECT TO authenticated
  USING (bucket_id = 'product-images' AND public.is_admin());
CREATE POLICY "product-images: admin remove" ON storage.objects FOR DELETE TO authenticated
  USING (bucket_id = 'product-images' AND public.is_admin());

CREATE OR REPLACE FUNCTION public.admin_delete_user(p_user_id uuid)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_table text;
  v_pass integer;
BEGIN
  PERFORM public.exigir_admin();
  IF p_user_id IS NOT DISTINCT FROM auth.uid() THEN
    RAISE EXCEPTION 'Um administrador não pode excluir a própria conta.' USING ERRCODE = '42501';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM public.users WHERE id = p_user_id)
     AND NOT EXISTS (SELECT 1 FROM auth.users WHERE id = p_user_id) THEN
    RAISE EXCEPTION 'Usuário não encontrado' USING ERRCODE = 'P0002';
  END IF;
  -- Replicated tables turn a DELETE into a soft delete unless purging (exclusao_logica).
  PERFORM set_config('caderneta.expurgar', 'on', true);
  -- Sales first (their items and derived figures follow), then every other table with the owner's user_id;
  -- a second pass takes what a trigger of the first wrote. Security logs stay (audit of sign-in attempts).
  FOR v_pass IN 1..2 LOOP
    FOR v_table IN
      SELECT c.table_name::text
        FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE'
         AND c.table_name <> 'security_logs'
       ORDER BY c.table_name <> 'vendas', c.table_name
    LOOP
      EXECUTE format('DELETE FROM public.%I WHERE user_id = $1', v_table) USING p_user_id;
    END LOOP;
  END LOOP;
  DELETE FROM public.users WHERE id = p_user_id;
  DELETE FROM auth.users WHERE id = p_user_id;
  PERFORM set_config('caderneta.expurgar', 'off', true);
END $$;

REVOKE ALL ON FUNCTION public.admin_delete_user(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.admin_delete_user(uuid) TO authenticated, service_role;
