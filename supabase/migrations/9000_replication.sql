-- Replication endpoints for the devices' databases (RxDB): one request per push batch, checked row by row
-- against the revision each device last saw, and a pull that never skips a row committed late.
-- Both run as the caller (SECURITY INVOKER): row-level security decides what each owner may read and write.

-- Tables a device may replicate: public tables with the replication columns.
CREATE OR REPLACE FUNCTION public.replication_table_columns(p_table text)
RETURNS text[]
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_columns text[];
BEGIN
  SELECT array_agg(a.attname::text ORDER BY a.attnum)
    INTO v_columns
    FROM pg_catalog.pg_attribute a
    JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relname = p_table AND c.relkind = 'r'
     AND a.attnum > 0 AND NOT a.attisdropped;
  IF v_columns IS NULL OR NOT ('_modified' = ANY (v_columns) AND '_deleted' = ANY (v_columns) AND 'id' = ANY (v_columns)) THEN
    RAISE EXCEPTION 'tabela não replicável: %', p_table USING ERRCODE = '42P01';
  END IF;
  RETURN v_columns;
END $$;

-- The earliest moment a transaction still in flight may have stamped a row: rows modified before it are
-- final, so a pull checkpoint may safely move up to (but not past) it.
CREATE OR REPLACE FUNCTION public.replication_horizon()
RETURNS timestamptz
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT least(
    clock_timestamp(),
    (SELECT min(xact_start) FROM pg_catalog.pg_stat_activity
      WHERE backend_xid IS NOT NULL AND pid <> pg_catalog.pg_backend_pid())
  );
$$;
REVOKE ALL ON FUNCTION public.replication_horizon() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.replication_horizon() TO authenticated, service_role;

-- Pull: the next rows after the checkpoint (_modified, id), oldest first, never past the horizon.
CREATE OR REPLACE FUNCTION public.replicate_pull(
  p_table text,
  p_after_modified timestamptz DEFAULT NULL,
  p_after_id uuid DEFAULT NULL,
  p_limit integer DEFAULT 500
)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  -- Read first: with `now`, read last, it brackets the server's work (the device measures its clock offset
  -- from the round trip minus that work, NTP-style).
  v_started timestamptz := clock_timestamp();
  v_horizon timestamptz := public.replication_horizon();
  v_documents jsonb;
  v_more boolean;
BEGIN
  PERFORM public.replication_table_columns(p_table);
  EXECUTE format(
    'SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY t._modified, t.id), ''[]''::jsonb)
       FROM (SELECT * FROM public.%I r
              WHERE r._modified < $1
                AND ($2::timestamptz IS NULL OR r._modified > $2 OR (r._modified = $2 AND r.id > $3))
              ORDER BY r._modified, r.id
              LIMIT $4) t',
    p_table)
    INTO v_documents
    USING v_horizon, p_after_modified, coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid),
          least(greatest(coalesce(p_limit, 500), 1), 5000);
  -- `more`: rows exist past the horizon (a transaction still in flight held the checkpoint back), so the
  -- device must pull again shortly even if this page was not full.
  EXECUTE format(
    'SELECT EXISTS (SELECT 1 FROM public.%I r WHERE r._modified >= $1
                     AND ($2::timestamptz IS NULL OR r._modified > $2 OR (r._modified = $2 AND r.id > $3)))',
    p_table)
    INTO v_more
    USING v_horizon, p_after_modified, coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid);
  -- `started` and `now` let each device measure how far its clock is from the server's (hybrid logical clocks).
  RETURN jsonb_build_object('documents', v_documents, 'horizon', v_horizon, 'started', v_started, 'now', clock_timestamp(),
                            'more', v_more);
END $$;

-- Push: each row carries the document a device wrote and the `_modified` of the version it started from
-- (null for a new document). A row whose server version moved on since is not written: the current version
-- comes back in `conflicts` for the device to merge. A row the database refuses (another owner's id, the
-- free plan's cap, an expired trial, a broken constraint) comes back in `rejected` with its SQLSTATE, and
-- never blocks the rest of the batch. Everything else commits together.
-- Pushes from devices coming back online together: a push to a table whose rows move derived counters
-- takes the owner's counter lock (0003) before writing anything, so pushes of one owner never hold rows the
-- other waits for; rows are written in id order. A deadlock, serialization failure or lock timeout still
-- fails the whole push (the device sends it again) rather than refusing a document.
CREATE OR REPLACE FUNCTION public.replicate_push(p_table text, p_rows jsonb)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_columns text[] := public.replication_table_columns(p_table);
  -- Written by the server only: the revision stamp and the counters derived from facts.
  v_server_owned text[] := ARRAY['id', '_modified', 'estoque', 'saldo_devedor'];
  v_row jsonb;
  v_doc jsonb;
  v_id uuid;
  v_assumed text;
  v_current jsonb;
  v_column_list text;
  v_conflicts jsonb := '[]'::jsonb;
  v_rejected jsonb := '[]'::jsonb;
  v_written integer;
BEGIN
  IF jsonb_typeof(p_rows) IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'p_rows deve ser uma lista' USING ERRCODE = '22023';
  END IF;
  IF p_table IN ('produtos', 'clientes', 'vendas', 'historico_estoque', 'fiado_lancamentos') AND auth.uid() IS NOT NULL THEN
    PERFORM pg_catalog.pg_advisory_xact_lock(public.chave_contadores(auth.uid()));
  END IF;

  -- Fast path for the common case of a device sending new documents (a day of sales made offline): when
  -- every row is new and all carry the same fields, one INSERT takes them all. If any id already exists or
  -- any row is refused, the block rolls back and the row-by-row path below decides each row.
  IF jsonb_array_length(p_rows) > 1
     AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_rows) e
                      WHERE jsonb_typeof(e.value -> 'doc') IS DISTINCT FROM 'object'
                         OR e.value ->> 'assumed_modified' IS NOT NULL
                         OR (e.value -> 'doc' ->> 'id') IS NULL)
     AND (SELECT count(DISTINCT (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(e.value -> 'doc') k))
            FROM jsonb_array_elements(p_rows) e) = 1 THEN
    SELECT string_agg(format('%I', key), ', ' ORDER BY key) INTO v_column_list
      FROM jsonb_object_keys(p_rows -> 0 -> 'doc') AS key
     WHERE key = ANY (v_columns) AND NOT key = ANY (v_server_owned);
    BEGIN
      EXECUTE format(
        'INSERT INTO public.%1$I (id%2$s)
         SELECT (d.value ->> ''id'')::uuid%3$s
           FROM jsonb_array_elements($1) e, LATERAL (SELECT e.value -> ''doc'' AS value) d,
                LATERAL jsonb_populate_record(NULL::public.%1$I, d.value) r
         ON CONFLICT (id) DO NOTHING',
        p_table,
        coalesce(', ' || v_column_list, ''),
        coalesce(', ' || (SELECT string_agg('r.' || format('%I', key), ', ' ORDER BY key)
                            FROM jsonb_object_keys(p_rows -> 0 -> 'doc') AS key
                           WHERE key = ANY (v_columns) AND NOT key = ANY (v_server_owned)), ''))
        USING p_rows;
      GET DIAGNOSTICS v_written = ROW_COUNT;
      IF v_written = jsonb_array_length(p_rows) THEN
        RETURN jsonb_build_object('conflicts', v_conflicts, 'rejected', v_rejected);
      END IF;
      RAISE EXCEPTION 'lote com documentos existentes' USING ERRCODE = 'P0001';
    EXCEPTION
      WHEN deadlock_detected OR serialization_failure OR lock_not_available OR query_canceled THEN
        RAISE; -- momentary: the whole push fails and the device sends it again
      WHEN OTHERS THEN
        NULL; -- rolled back to the start of the block: decide row by row
    END;
  END IF;

  -- In id order, so that two pushes writing the same rows lock them in the same order.
  FOR v_row IN SELECT value FROM jsonb_array_elements(p_rows) ORDER BY value -> 'doc' ->> 'id' COLLATE "C" LOOP
    v_doc := v_row -> 'doc';
    v_assumed := v_row ->> 'assumed_modified';
    BEGIN
      IF jsonb_typeof(v_doc) IS DISTINCT FROM 'object' THEN
        RAISE EXCEPTION 'documento inválido' USING ERRCODE = '22023';
      END IF;
      v_id := (v_doc ->> 'id')::uuid;
      IF v_id IS NULL THEN
        RAISE EXCEPTION 'documento sem id' USING ERRCODE = '22023';
      END IF;
      SELECT string_agg(format('%I', key), ', ' ORDER BY key) INTO v_column_list
        FROM jsonb_object_keys(v_doc) AS key
       WHERE key = ANY (v_columns) AND NOT key = ANY (v_server_owned);

      EXECUTE format('SELECT to_jsonb(t) FROM public.%I t WHERE t.id = $1 FOR UPDATE', p_table)
        INTO v_current USING v_id;

      IF v_current IS NULL THEN
        EXECUTE format(
          'INSERT INTO public.%1$I (id%2$s) SELECT $1%2$s FROM jsonb_populate_record(NULL::public.%1$I, $2) ON CONFLICT (id) DO NOTHING',
          p_table, coalesce(', ' || v_column_list, ''))
          USING v_id, v_doc;
        GET DIAGNOSTICS v_written = ROW_COUNT;
        IF v_written = 0 THEN
          -- Committed meanwhile by another push of this document (a retry whose first attempt was still
          -- running): a conflict the device merges. Still invisible: someone else's row.
          EXECUTE format('SELECT to_jsonb(t) FROM public.%I t WHERE t.id = $1', p_table) INTO v_current USING v_id;
          IF v_current IS NULL THEN
            RAISE EXCEPTION 'documento % pertence a outro dono', v_id USING ERRCODE = '42501';
          END IF;
          v_conflicts := v_conflicts || jsonb_build_array(v_current);
        END IF;
      ELSIF v_assumed IS NOT NULL AND (v_current ->> '_modified')::timestamptz = v_assumed::timestamptz THEN
        IF v_column_list IS NOT NULL THEN
          EXECUTE format(
            'UPDATE public.%1$I t SET (%2$s) = (SELECT %2$s FROM jsonb_populate_record(NULL::public.%1$I, $2)) WHERE t.id = $1',
            p_table, v_column_list)
            USING v_id, v_doc;
        END IF;
      ELSE
        v_conflicts := v_conflicts || jsonb_build_array(v_current);
      END IF;
    EXCEPTION
      WHEN deadlock_detected OR serialization_failure OR lock_not_available OR query_canceled THEN
        RAISE; -- momentary, not a refusal of this document
      WHEN OTHERS THEN
        v_rejected := v_rejected || jsonb_build_array(jsonb_build_object(
        'id', v_doc ->> 'id', 'code', SQLSTATE, 'message', SQLERRM));
    END;
  END LOOP;
  RETURN jsonb_build_object('conflicts', v_conflicts, 'rejected', v_rejected);
END $$;

GRANT EXECUTE ON FUNCTION public.replicate_pull(text, timestamptz, uuid, integer) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.replicate_push(text, jsonb) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.replication_table_columns(text) TO authenticated, service_role;
