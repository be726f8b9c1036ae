-- A device never pulls rows its app would misread. Each pull says which version of the table's schema the app reads
-- (`p_versao`, the device's collection schema version); a table whose rows need a newer one (vendas from version 4:
-- a split sale's `pagamentos`, which an older app drops, so it would put a split fiado sale's whole total on the
-- client's balance) refuses the pull with 'app_outdated' (HTTP 426, hint 'Atualize o app'). An app older than this
-- check sends no version and is refused too. The device says 'Atualize o app' and goes on with the other tables.
-- Everything else is replicate_pull as 9006_replication_pull_horizon.sql defined it.

-- The oldest schema version of a table's rows an app must read to pull them (none listed: any).
CREATE TABLE public.versoes_minimas_app (
  tabela text PRIMARY KEY,
  versao integer NOT NULL CHECK (versao >= 0)
);
-- Read by the pull (through the function below) and kept by the server's own role; no owner reads or writes it.
ALTER TABLE public.versoes_minimas_app ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.versoes_minimas_app FROM PUBLIC, anon, authenticated;
GRANT ALL ON public.versoes_minimas_app TO service_role;
INSERT INTO public.versoes_minimas_app (tabela, versao) VALUES ('vendas', 4);

CREATE FUNCTION public.versao_minima_do_app(p_table text)
RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT coalesce((SELECT m.versao FROM public.versoes_minimas_app m WHERE m.tabela = p_table), 0)
$$;
REVOKE ALL ON FUNCTION public.versao_minima_do_app(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.versao_minima_do_app(text) TO authenticated, service_role;

DROP FUNCTION public.replicate_pull(text, timestamptz, uuid, integer, date);
CREATE FUNCTION public.replicate_pull(
  p_table text,
  p_after_modified timestamptz DEFAULT NULL,
  p_after_id uuid DEFAULT NULL,
  p_limit integer DEFAULT 500,
  p_desde date DEFAULT NULL,
  p_versao integer DEFAULT NULL
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
  IF coalesce(p_versao, 0) < public.versao_minima_do_app(p_table) THEN
    RAISE EXCEPTION 'app_outdated'
      USING ERRCODE = 'PT426',
            DETAIL = format('%s: o app lê a versão %s dos dados; a conta pede a %s', p_table, coalesce(p_versao, 0),
                            public.versao_minima_do_app(p_table)),
            HINT = 'Atualize o app';
  END IF;
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
GRANT EXECUTE ON FUNCTION public.replicate_pull(text, timestamptz, uuid, integer, date, integer) TO authenticated, service_role;
