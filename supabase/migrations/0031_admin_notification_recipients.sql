-- How many users a notification sent to all reaches (every account but the administrators, as
-- admin_send_notification writes them), for the confirmation the admin answers before sending.
CREATE OR REPLACE FUNCTION public.admin_count_notification_recipients()
RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN (SELECT count(*)::integer
            FROM public.users u LEFT JOIN auth.users a ON a.id = u.id
           WHERE coalesce(a.raw_app_meta_data ->> 'role', '') IS DISTINCT FROM 'admin');
END $$;
REVOKE ALL ON FUNCTION public.admin_count_notification_recipients() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.admin_count_notification_recipients() TO authenticated, service_role;
