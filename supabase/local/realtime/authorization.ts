// Realtime Authorization for private channels, as Supabase does it: row-level security on realtime.messages
// decides who may read (join, receive) and write (broadcast, track presence) a topic, asked as the caller with
// `realtime.topic()` set to the channel's topic, on probe rows that never stay.
import type { Database, Queryable } from '../db/database.ts';
import type { Caller } from '../request-context.ts';

export type Extension = 'broadcast' | 'presence';

export interface TopicPermissions {
  read: Record<Extension, boolean>;
  write: Record<Extension, boolean>;
}

/** What a public channel allows: everything. */
export const PUBLIC_PERMISSIONS: TopicPermissions = {
  read: { broadcast: true, presence: true },
  write: { broadcast: true, presence: true },
};

/** The realtime schema policies are written against (created when missing, as Supabase's Realtime migrates it). */
export async function ensureRealtimeSchema(db: Queryable): Promise<void> {
  await db.exec(`
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
    GRANT SELECT, INSERT, UPDATE ON realtime.messages TO anon, authenticated, service_role;
    CREATE OR REPLACE FUNCTION realtime.topic() RETURNS text LANGUAGE sql STABLE
      AS $$ SELECT nullif(current_setting('realtime.topic', true), '')::text $$;
    GRANT EXECUTE ON FUNCTION realtime.topic() TO anon, authenticated, service_role;`);
}

/** Thrown to undo the probe transaction once its answers are known. */
class ProbeDone extends Error {
  constructor(readonly permissions: TopicPermissions) {
    super('probe done');
  }
}

const EXTENSIONS: readonly Extension[] = ['broadcast', 'presence'];

/** What `caller` may do on the private `topic` (the channel name, without `realtime:`); the service role may all. */
export async function topicPermissions(
  db: Database,
  caller: Pick<Caller, 'role' | 'claims'>,
  topic: string,
): Promise<TopicPermissions> {
  if (caller.role === 'service_role') return PUBLIC_PERMISSIONS;
  try {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; extension: Extension }>(
        `INSERT INTO realtime.messages (topic, extension, private) SELECT $1, unnest($2::text[]), true RETURNING id::text, extension`,
        [topic, EXTENSIONS],
      );
      await tx.query(
        `SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
                set_config('realtime.topic', $4, true)`,
        [caller.role, JSON.stringify(caller.claims), caller.claims.sub ?? '', topic],
      );
      const seen = await tx.query<{ extension: Extension }>(
        `SELECT extension FROM realtime.messages WHERE id = ANY ($1::uuid[])`,
        [rows.map((row) => row.id)],
      );
      const readable = new Set(seen.rows.map((row) => row.extension));
      const write = { broadcast: false, presence: false };
      for (const extension of EXTENSIONS) {
        await tx.query('SAVEPOINT realtime_write_probe');
        try {
          await tx.query(`INSERT INTO realtime.messages (topic, extension, private) VALUES ($1, $2, true)`, [topic, extension]);
          write[extension] = true;
        } catch {
          // Refused by a policy (or by a missing grant): not allowed to write.
        }
        await tx.query('ROLLBACK TO SAVEPOINT realtime_write_probe');
      }
      throw new ProbeDone({ read: { broadcast: readable.has('broadcast'), presence: readable.has('presence') }, write });
    });
  } catch (error) {
    if (error instanceof ProbeDone) return error.permissions;
    throw error;
  }
  throw new Error('the permission probe ended without an answer');
}
