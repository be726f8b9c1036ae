-- A push writes only the caller's own rows (user_id = auth.uid()), whoever the caller is. Row-level security
-- lets the admin read every owner's rows (and write notifications), so before this a push from an admin's
-- session could answer another owner's row as a conflict, or overwrite a notification of anyone. Now a document
-- that names another owner, or whose stored row is another owner's, comes back in `rejected` with SQLSTATE
-- 42501, as an owner's push of someone else's row always did; the fast path of new documents is only taken when
-- every document is the caller's. Everything else is replicate_push as 9002_replication_push_cap.sql defined it.

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
  v_conflicts jsonb[] := '{}';
  v_rejected jsonb[] := '{}';
  v_written integer;
  v_max_documents integer := coalesce(nullif(pg_catalog.current_setting('app.replication_push_max_documents', true), '')::integer, 100);
  v_max_bytes integer := coalesce(nullif(pg_catalog.current_setting('app.replication_push_max_bytes', true), '')::integer, 262144);
  v_caller uuid := auth.uid();
  v_others boolean;
BEGIN
  IF jsonb_typeof(p_rows) IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'p_rows deve ser uma lista' USING ERRCODE = '22023';
  END IF;
  IF jsonb_array_length(p_rows) > v_max_documents OR pg_catalog.pg_column_size(p_rows) > v_max_bytes THEN
    RAISE EXCEPTION 'lote de replicação grande demais: % documentos, % bytes (no máximo % documentos e % bytes por envio)',
      jsonb_array_length(p_rows), pg_catalog.pg_column_size(p_rows), v_max_documents, v_max_bytes
      USING ERRCODE = 'PT413',
            DETAIL = jsonb_build_object('max_documents', v_max_documents, 'max_bytes', v_max_bytes)::text,
            HINT = 'Envie os documentos em lotes menores.';
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
                         OR (e.value -> 'doc' ->> 'id') IS NULL
                         OR ((e.value -> 'doc') ? 'user_id' AND (e.value -> 'doc' ->> 'user_id') IS DISTINCT FROM v_caller::text))
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
        RETURN jsonb_build_object('conflicts', to_jsonb(v_conflicts), 'rejected', to_jsonb(v_rejected));
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

      IF v_doc ? 'user_id' AND (v_doc ->> 'user_id')::uuid IS DISTINCT FROM v_caller THEN
        RAISE EXCEPTION 'documento % pertence a outro dono', v_id USING ERRCODE = '42501';
      END IF;

      -- Another owner's row the caller may read (the admin) but not lock: refused before anything is tried.
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM public.%I t WHERE t.id = $1 AND t.user_id IS DISTINCT FROM $2)', p_table)
        INTO v_others USING v_id, v_caller;
      IF v_others THEN
        RAISE EXCEPTION 'documento % pertence a outro dono', v_id USING ERRCODE = '42501';
      END IF;

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
          -- running): a conflict the device merges.
          EXECUTE format('SELECT to_jsonb(t) FROM public.%I t WHERE t.id = $1', p_table) INTO v_current USING v_id;
          -- Still invisible, or visible to an admin: someone else's row all the same.
          IF v_current IS NULL OR (v_current ->> 'user_id')::uuid IS DISTINCT FROM v_caller THEN
            RAISE EXCEPTION 'documento % pertence a outro dono', v_id USING ERRCODE = '42501';
          END IF;
          v_conflicts := array_append(v_conflicts, v_current);
        END IF;
      ELSIF v_assumed IS NOT NULL AND (v_current ->> '_modified')::timestamptz = v_assumed::timestamptz THEN
        IF v_column_list IS NOT NULL THEN
          EXECUTE format(
            'UPDATE public.%1$I t SET (%2$s) = (SELECT %2$s FROM jsonb_populate_record(NULL::public.%1$I, $2)) WHERE t.id = $1',
            p_table, v_column_list)
            USING v_id, v_doc;
        END IF;
      ELSE
        v_conflicts := array_append(v_conflicts, v_current);
      END IF;
    EXCEPTION
      WHEN deadlock_detected OR serialization_failure OR lock_not_available OR query_canceled THEN
        RAISE; -- momentary, not a refusal of this document
      WHEN OTHERS THEN
        v_rejected := array_append(v_rejected, jsonb_build_object('id', v_doc ->> 'id', 'code', SQLSTATE, 'message', SQLERRM));
    END;
  END LOOP;
  RETURN jsonb_build_object('conflicts', to_jsonb(v_conflicts), 'rejected', to_jsonb(v_rejected));
END $$;
