-- Pushes that run side by side (three devices coming back online at once) must neither deadlock nor turn a
-- momentary failure into a refusal: the counters a batch will move (products, clients) are locked first, in
-- id order; the rows themselves are written in id order; a deadlock, serialization failure or lock timeout
-- fails the whole push so that the device sends it again, instead of coming back as a refused document.

-- Locks, in id order, the products and clients whose derived counters a push to `p_table` will move.
-- As the caller: only rows the caller may change are locked.
CREATE OR REPLACE FUNCTION public.replication_lock_counters(p_table text, p_rows jsonb)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_uuid constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
BEGIN
  IF p_table IN ('vendas', 'historico_estoque') THEN
    PERFORM 1 FROM public.produtos p
     WHERE p.id IN (
       SELECT ref::uuid FROM (
         SELECT e.value -> 'doc' ->> 'produto_id' AS ref
           FROM jsonb_array_elements(p_rows) e
          WHERE p_table = 'historico_estoque'
         UNION
         SELECT i.value ->> 'produto_id'
           FROM jsonb_array_elements(p_rows) e,
                jsonb_array_elements(CASE WHEN jsonb_typeof(e.value -> 'doc' -> 'itens') = 'array'
                                          THEN e.value -> 'doc' -> 'itens' ELSE '[]'::jsonb END) i
          WHERE p_table = 'vendas' AND jsonb_typeof(i.value) = 'object'
       ) refs
        WHERE ref ~* v_uuid)
     ORDER BY p.id
       FOR NO KEY UPDATE;
  END IF;
  IF p_table IN ('vendas', 'fiado_lancamentos') THEN
    PERFORM 1 FROM public.clientes c
     WHERE c.id IN (SELECT ref::uuid FROM (SELECT e.value -> 'doc' ->> 'cliente_id' AS ref FROM jsonb_array_elements(p_rows) e) refs
                     WHERE ref ~* v_uuid)
     ORDER BY c.id
       FOR NO KEY UPDATE;
  END IF;
END $$;
REVOKE ALL ON FUNCTION public.replication_lock_counters(text, jsonb) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.replication_lock_counters(text, jsonb) TO authenticated, service_role;

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
  PERFORM public.replication_lock_counters(p_table, p_rows);

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

GRANT EXECUTE ON FUNCTION public.replicate_push(text, jsonb) TO authenticated, service_role;
