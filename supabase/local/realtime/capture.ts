// Change capture for Realtime without logical decoding: triggers on every table of the `supabase_realtime`
// publication record each row change in a stack-private queue and send a NOTIFY without payload; the
// Realtime service drains the queue (rows of any size, in commit order of discovery). Inserts are captured
// per statement (a pushed batch of a thousand sales is one INSERT into the queue), updates and deletes per row.
import type { Database } from '../db/database.ts';

export const CHANGES_CHANNEL = '_stack_realtime';

export interface CapturedChange {
  id: string;
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: string;
}

const INSTALL_SQL = `
CREATE SCHEMA IF NOT EXISTS _stack;
REVOKE ALL ON SCHEMA _stack FROM PUBLIC;
CREATE TABLE IF NOT EXISTS _stack.realtime_changes (
  id bigserial PRIMARY KEY,
  schema_name text NOT NULL,
  table_name text NOT NULL,
  op text NOT NULL,
  record jsonb,
  old_record jsonb,
  committed_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE OR REPLACE FUNCTION _stack.capture_realtime_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  INSERT INTO _stack.realtime_changes (schema_name, table_name, op, record, old_record)
  VALUES (
    TG_TABLE_SCHEMA, TG_TABLE_NAME, TG_OP,
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END,
    CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END
  );
  PERFORM pg_notify('${CHANGES_CHANNEL}', '');
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION _stack.capture_realtime_inserts() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  INSERT INTO _stack.realtime_changes (schema_name, table_name, op, record)
  SELECT TG_TABLE_SCHEMA, TG_TABLE_NAME, 'INSERT', to_jsonb(inserted) FROM inserted_rows inserted;
  IF FOUND THEN
    PERFORM pg_notify('${CHANGES_CHANNEL}', '');
  END IF;
  RETURN NULL;
END $$;
`;

/** Installs the queue and a capture trigger on every table currently in the publication (idempotent). */
export async function installCapture(db: Database): Promise<void> {
  await db.exec(INSTALL_SQL);
  const { rows } = await db.query<{ schemaname: string; tablename: string }>(
    `SELECT schemaname, tablename FROM pg_publication_tables WHERE pubname = 'supabase_realtime'`,
  );
  for (const { schemaname, tablename } of rows) {
    const table = `${quoteIdent(schemaname)}.${quoteIdent(tablename)}`;
    await db.exec(
      `CREATE OR REPLACE TRIGGER _stack_realtime_capture AFTER UPDATE OR DELETE ON ${table}
       FOR EACH ROW EXECUTE FUNCTION _stack.capture_realtime_change();
       CREATE OR REPLACE TRIGGER _stack_realtime_capture_inserts AFTER INSERT ON ${table}
       REFERENCING NEW TABLE AS inserted_rows
       FOR EACH STATEMENT EXECUTE FUNCTION _stack.capture_realtime_inserts();`,
    );
  }
}

/** Takes every committed change out of the queue, oldest first. */
export async function drainChanges(db: Database): Promise<CapturedChange[]> {
  const { rows } = await db.query<{
    id: string;
    schema_name: string;
    table_name: string;
    op: CapturedChange['type'];
    record: Record<string, unknown> | null;
    old_record: Record<string, unknown> | null;
    commit_timestamp: string;
  }>(
    `WITH taken AS (DELETE FROM _stack.realtime_changes RETURNING *)
     SELECT id, schema_name, table_name, op, record, old_record,
            to_char(committed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS commit_timestamp
     FROM taken ORDER BY id`,
  );
  return rows.map((row) => ({
    id: row.id,
    schema: row.schema_name,
    table: row.table_name,
    type: row.op,
    record: row.record,
    old_record: row.old_record,
    commit_timestamp: row.commit_timestamp,
  }));
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
