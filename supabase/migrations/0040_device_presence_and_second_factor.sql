-- The owner's devices see each other in Realtime presence on the private channel `aparelhos:<user id>`: only the
-- owner's own sessions may join it and track themselves there (Realtime Authorization reads these policies).

-- What Supabase's Realtime provides, for a database that has not met it yet.
CREATE SCHEMA IF NOT EXISTS realtime;
GRANT USAGE ON SCHEMA realtime TO anon, authenticated, service_role;
CREATE TABLE IF NOT EXISTS realtime.messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  topic text NOT NULL,
  extension text NOT NULL,
  payload jsonb,
  event text,
  private boolean DEFAULT false,
  updated_at timestamp NOT NULL DEFAULT now(),
  inserted_at timestamp NOT NULL DEFAULT now()
);
ALTER TABLE realtime.messages ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON realtime.messages TO authenticated, service_role;
DO $$
BEGIN
  IF to_regprocedure('realtime.topic()') IS NULL THEN
    CREATE FUNCTION realtime.topic() RETURNS text LANGUAGE sql STABLE
      AS 'SELECT nullif(current_setting(''realtime.topic'', true), '''')::text';
    GRANT EXECUTE ON FUNCTION realtime.topic() TO anon, authenticated, service_role;
  END IF;
END $$;

CREATE POLICY aparelhos_do_dono_le ON realtime.messages FOR SELECT TO authenticated
  USING (extension = 'presence' AND realtime.topic() = 'aparelhos:' || auth.uid()::text);
CREATE POLICY aparelhos_do_dono_marca ON realtime.messages FOR INSERT TO authenticated
  WITH CHECK (extension = 'presence' AND realtime.topic() = 'aparelhos:' || auth.uid()::text);
