-- The pull never passes a row committed while it answers. `replicate_pull` was STABLE: it read with its statement's
-- snapshot, taken before it looked at the transactions in flight (pg_stat_activity) to set its horizon; a transaction
-- that committed in between was in neither: its rows were invisible to the page, yet the horizon was past them, and a
-- later row of the page moved the checkpoint beyond them for good (tests/db/pull-horizon.test.ts shows it). Now:
-- - a row is stamped only once its transaction holds an id (0043_stamp_after_transaction_id.sql), so a transaction
--   that has stamped a row is seen in flight until it ends, and its rows are at or after its start;
-- - the pull is VOLATILE and looks first: under READ COMMITTED (every API call) each of its queries takes a snapshot
--   after the look, so a transaction that ended before the look is in the page, and one still in flight at the look
--   stamped no earlier than the horizon. Nothing can fall between them, and no unrelated commit makes it wait;
-- - a caller whose snapshot is older than the look (REPEATABLE READ or SERIALIZABLE, the snapshot taken by an earlier
--   statement) is the old gap again: the horizon is never later than its transaction's start, and when a transaction
--   in progress at its snapshot is no longer in flight at the look there is no horizon: the answer is an empty page
--   with `more`, the checkpoint where it was, and the device asks again (docs/sync.md).
-- Everything else is replicate_pull as 9005_replication_pull_own_rows.sql defined it.

-- The earliest moment a transaction still in flight may have stamped a row (rows modified before it are final, so a
-- pull checkpoint may move up to it), or null when the caller's snapshot is older than this look (not READ
-- COMMITTED) and a transaction it saw in progress has ended since: what that committed is past no horizon this
-- snapshot can give.
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
    FROM pg_catalog.pg_stat_activity a;
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

CREATE OR REPLACE FUNCTION public.replicate_pull(
  p_table text,
  p_after_modified timestamptz DEFAULT NULL,
  p_after_id uuid DEFAULT NULL,
  p_limit integer DEFAULT 500,
  p_desde date DEFAULT NULL
)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  -- Read first: with `now`, read last, it brackets the server's work (the device measures its clock offset
  -- from the round trip minus that work, NTP-style).
  v_started timestamptz := clock_timestamp();
  v_horizon timestamptz := public.replication_horizon();
  -- No horizon: a transaction committed between the caller's older snapshot and the look at those in flight. Its rows
  -- are in neither, so nothing may be passed: the page is empty, the checkpoint stays, and the device asks again.
  v_raced boolean := v_horizon IS NULL;
  v_after_id uuid := coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid);
  v_limit integer := least(greatest(coalesce(p_limit, 500), 1), 5000);
  v_desde date := p_desde;
  v_corte timestamptz;
  v_inicio timestamptz;
  v_filter text := 'true';
  v_documents jsonb;
  v_more boolean;
  v_checkpoint jsonb;
BEGIN
  PERFORM public.replication_table_columns(p_table);
  IF v_raced THEN
    v_horizon := coalesce(p_after_modified, '-infinity'::timestamptz);
  END IF;
  IF v_desde IS NOT NULL AND p_table IN ('vendas', 'historico_estoque', 'fiado_lancamentos') AND auth.uid() IS NOT NULL THEN
    SELECT c.corte INTO v_corte FROM public.cortes_contadores c WHERE c.user_id = auth.uid();
    v_desde := CASE WHEN v_corte IS NULL THEN NULL
                    ELSE least(v_desde, (v_corte AT TIME ZONE 'America/Sao_Paulo')::date) END;
  END IF;
  IF v_desde IS NOT NULL THEN
    v_inicio := v_desde::timestamp AT TIME ZONE 'America/Sao_Paulo';
    v_filter := CASE p_table
      WHEN 'vendas' THEN '(r.data >= $5 OR r.hlc COLLATE "C" >= $6 COLLATE "C")'
      WHEN 'historico_estoque' THEN 'r.hlc COLLATE "C" >= $6 COLLATE "C"'
      WHEN 'fiado_lancamentos' THEN '(r.data >= $5 OR r.created_at >= $7)'
      WHEN 'despesas' THEN 'r.data >= $5'
      WHEN 'resumos_dia' THEN 'r.dia >= $5'
      ELSE 'true' END;
  END IF;
  EXECUTE format(
    'SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY t._modified, t.id), ''[]''::jsonb)
       FROM (SELECT * FROM public.%I r
              WHERE r._modified < $1
                AND ($2::timestamptz IS NULL OR r._modified > $2 OR (r._modified = $2 AND r.id > $3))
                AND %s
                AND ($8::uuid IS NULL OR r.user_id = $8)
              ORDER BY r._modified, r.id
              LIMIT $4) t',
    p_table, v_filter)
    INTO v_documents
    USING v_horizon, p_after_modified, v_after_id, v_limit, v_desde, public.hlc_do_instante(v_inicio), v_inicio, auth.uid();
  -- A page that is not full passed every row up to the horizon: the checkpoint moves past the last of them, the
  -- ones left out too.
  IF v_filter <> 'true' AND jsonb_array_length(v_documents) < v_limit THEN
    EXECUTE format(
      'SELECT jsonb_build_object(''modified'', r._modified, ''id'', r.id) FROM public.%I r
        WHERE r._modified < $1
          AND ($2::timestamptz IS NULL OR r._modified > $2 OR (r._modified = $2 AND r.id > $3))
        ORDER BY r._modified DESC, r.id DESC
        LIMIT 1',
      p_table)
      INTO v_checkpoint
      USING v_horizon, p_after_modified, v_after_id;
  END IF;
  IF v_checkpoint IS NULL AND jsonb_array_length(v_documents) > 0 THEN
    v_checkpoint := jsonb_build_object('modified', v_documents -> -1 -> '_modified', 'id', v_documents -> -1 -> 'id');
  ELSIF v_checkpoint IS NULL AND p_after_modified IS NOT NULL THEN
    v_checkpoint := jsonb_build_object('modified', p_after_modified, 'id', v_after_id);
  END IF;
  -- `more`: rows the bound keeps exist past the horizon (a transaction still in flight held the checkpoint
  -- back), so the device must pull again shortly even if this page was not full.
  EXECUTE format(
    'SELECT EXISTS (SELECT 1 FROM public.%I r WHERE r._modified >= $1
                     AND ($2::timestamptz IS NULL OR r._modified > $2 OR (r._modified = $2 AND r.id > $3))
                     AND %s
                     AND ($8::uuid IS NULL OR r.user_id = $8))',
    p_table, v_filter)
    INTO v_more
    USING v_horizon, p_after_modified, v_after_id, v_limit, v_desde, public.hlc_do_instante(v_inicio), v_inicio, auth.uid();
  IF v_raced THEN
    v_more := true;
    v_horizon := NULL;
  END IF;
  -- `started` and `now` let each device measure how far its clock is from the server's (hybrid logical clocks).
  RETURN jsonb_build_object('documents', v_documents, 'horizon', v_horizon, 'started', v_started, 'now', clock_timestamp(),
                            'more', v_more, 'checkpoint', v_checkpoint);
END $$;
GRANT EXECUTE ON FUNCTION public.replicate_pull(text, timestamptz, uuid, integer, date) TO authenticated, service_role;
