-- The pull's horizon looks only at the transactions of its own database. `pg_stat_activity` lists every backend of
-- the server, so a transaction in flight in another database on the same Postgres (another project, a test run, a
-- long load, autovacuum writing statistics there) held every device's pull back to that transaction's start: pages
-- came back empty with `more` until it ended. A transaction elsewhere cannot stamp a row here, so it has no say in
-- this database's horizon. Everything else is replication_horizon as 9006_replication_pull_horizon.sql defined it.

CREATE OR REPLACE FUNCTION public.replication_horizon()
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_horizon timestamptz;
  v_ended boolean := false;
BEGIN
  -- A fresh read of the backends (one read is otherwise kept for the rest of the transaction).
  PERFORM pg_catalog.pg_stat_clear_snapshot();
  SELECT least(clock_timestamp(), transaction_timestamp(), min(a.xact_start) FILTER (WHERE a.backend_xid IS NOT NULL
                                                                                   AND a.pid <> pg_catalog.pg_backend_pid()))
    INTO v_horizon
    FROM pg_catalog.pg_stat_activity a
   WHERE a.datname = pg_catalog.current_database();
  -- Under READ COMMITTED the caller's next query takes its snapshot after this look: nothing to compare. Otherwise its
  -- snapshot was taken earlier, and a transaction it saw in progress that has ended since is in neither.
  IF pg_catalog.current_setting('transaction_isolation') <> 'read committed' THEN
    SELECT EXISTS (
      SELECT 1 FROM pg_catalog.pg_snapshot_xip(pg_catalog.pg_current_snapshot()) AS seen(xid)
       WHERE NOT EXISTS (SELECT 1 FROM pg_catalog.pg_stat_activity a WHERE a.backend_xid = seen.xid::xid))
      INTO v_ended;
  END IF;
  RETURN CASE WHEN v_ended THEN NULL ELSE v_horizon END;
END $$;
REVOKE ALL ON FUNCTION public.replication_horizon() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.replication_horizon() TO authenticated, service_role;
