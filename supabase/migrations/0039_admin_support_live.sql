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
