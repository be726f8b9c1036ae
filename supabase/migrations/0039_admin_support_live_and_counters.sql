-- The admin at scale: support tickets streamed live (Realtime), and the dashboard's user counters in one pass.
--
-- The support conversation live (docs/product.md §2 /admin/support, §4 ticket status): support tickets join the
-- Realtime publication, so the admin's board and open ticket and the owner's thread hear of a new ticket, a move,
-- a reply or a status change as it commits. A reply also updates its ticket (0006 `resposta_registrada`: response
-- times and unread marks), so the tickets alone carry every change. Each subscriber receives only the rows its
-- row-level security lets it read: the owner their own tickets, the admin every ticket.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_publication_tables
                  WHERE pubname = 'supabase_realtime' AND schemaname = 'public' AND tablename = 'support_tickets') THEN
    ALTER PUBLICATION supabase_realtime ADD TABLE public.support_tickets;
  END IF;
END $$;

-- The dashboard's user counters (docs/product.md §2 /admin) as one pass over the profiles with the admins left out by
-- a join: 0035 called conta_de_usuario (and plano_vigente) once per profile, which with 10,000 owners was most of
-- the dashboard's wait. Same answers: an admin is not a user; premium is a premium plan not yet ended.
CREATE OR REPLACE FUNCTION public.count_users()
RETURNS TABLE (count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT count(*) FROM public.users u
                WHERE NOT EXISTS (SELECT 1 FROM auth.users a WHERE a.id = u.id AND a.raw_app_meta_data ->> 'role' = 'admin');
END $$;

CREATE OR REPLACE FUNCTION public.count_premium_users()
RETURNS TABLE (count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT count(*) FROM public.users u
                WHERE u.plano = 'premium' AND (u.data_fim_plano IS NULL OR u.data_fim_plano > now())
                  AND NOT EXISTS (SELECT 1 FROM auth.users a WHERE a.id = u.id AND a.raw_app_meta_data ->> 'role' = 'admin');
END $$;

CREATE OR REPLACE FUNCTION public.count_recent_users()
RETURNS TABLE (count bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY SELECT count(*) FROM public.users u
                WHERE u.created_at >= now() - interval '7 days'
                  AND NOT EXISTS (SELECT 1 FROM auth.users a WHERE a.id = u.id AND a.raw_app_meta_data ->> 'role' = 'admin');
END $$;
