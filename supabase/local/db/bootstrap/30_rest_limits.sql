-- What the local REST gateway needs in the database to bound one request's work: a count of the rows its embeds
-- build, kept for the transaction (one request), that stops the statement once it passes the request's budget.
-- A database cannot be interrupted from JavaScript mid-statement on PGlite, so the statement stops itself.
CREATE SCHEMA IF NOT EXISTS _rest;
REVOKE ALL ON SCHEMA _rest FROM PUBLIC;
GRANT USAGE ON SCHEMA _rest TO anon, authenticated, service_role;

-- Adds `p_rows` to the rows built so far in this transaction; past `p_budget` raises 54000 (PostgREST's "too
-- complex" class, answered with 500). Returns `p_rows`.
CREATE OR REPLACE FUNCTION _rest.embedded_count(p_rows bigint, p_budget bigint)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SET search_path = ''
AS $$
DECLARE
  v_built bigint := coalesce(nullif(pg_catalog.current_setting('rest.embedded_rows', true), ''), '0')::bigint + p_rows;
BEGIN
  IF v_built > p_budget THEN
    RAISE EXCEPTION 'the embedded resources would build more than % rows', p_budget
      USING ERRCODE = '54000',
            DETAIL = 'Rows built by the embeds of one request are limited to ' || p_budget || '.',
            HINT = 'Embed fewer levels, or filter or limit the embedded resources.';
  END IF;
  PERFORM pg_catalog.set_config('rest.embedded_rows', v_built::text, true);
  RETURN p_rows;
END $$;

-- The same count, for an embed's JSON: returns `p_body` once its `p_rows` rows are counted.
CREATE OR REPLACE FUNCTION _rest.embedded(p_body json, p_rows bigint, p_budget bigint)
RETURNS json
LANGUAGE plpgsql VOLATILE SET search_path = ''
AS $$
DECLARE
  v_built bigint := coalesce(nullif(pg_catalog.current_setting('rest.embedded_rows', true), ''), '0')::bigint + p_rows;
BEGIN
  IF v_built > p_budget THEN
    PERFORM _rest.embedded_count(p_rows, p_budget);
  END IF;
  PERFORM pg_catalog.set_config('rest.embedded_rows', v_built::text, true);
  RETURN p_body;
END $$;

REVOKE ALL ON FUNCTION _rest.embedded_count(bigint, bigint), _rest.embedded(json, bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION _rest.embedded_count(bigint, bigint), _rest.embedded(json, bigint, bigint)
  TO anon, authenticated, service_role;
