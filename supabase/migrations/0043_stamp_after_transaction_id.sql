-- A replicated row is stamped (`_modified`) only once its transaction holds an id. Postgres assigns the id at the
-- row's heap write, after its BEFORE triggers, the stamp among them; for that moment a transaction that has stamped
-- a row is not yet seen in flight (`pg_stat_activity.backend_xid`), and a pull's horizon could pass the row before
-- it commits (docs/sync.md §4; the pull's side is 9006_replication_pull_horizon.sql).

CREATE OR REPLACE FUNCTION public.carimbar_modified()
RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  PERFORM pg_catalog.pg_current_xact_id();
  NEW._modified := clock_timestamp();
  RETURN NEW;
END $$;
