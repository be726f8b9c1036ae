// Whether an account may start or renew a session: not banned (auth.users.banned_until in the future, as
// GoTrue) and not suspended by an admin (public.users.status_pagamento = 'suspenso', Caderneta's own rule).
import type { Queryable } from '../db/database.ts';
import type { UserRow } from './users.ts';

/** True when the account is banned or suspended; such a user gets GoTrue's user_banned. */
export async function isBarred(db: Queryable, user: UserRow): Promise<boolean> {
  if (user.is_banned) return true;
  const { rows: tables } = await db.query<{ found: boolean }>(`SELECT to_regclass('public.users') IS NOT NULL AS found`);
  if (tables[0]?.found !== true) return false;
  const { rows } = await db.query<{ suspended: boolean }>(
    `SELECT status_pagamento = 'suspenso' AS suspended FROM public.users WHERE id = $1::uuid`,
    [user.id],
  );
  return rows[0]?.suspended === true;
}

/** Why an admin suspended or banned the account (public.users.motivo_suspensao), or null when no reason was given. */
export async function suspensionReason(db: Queryable, userId: string): Promise<string | null> {
  const { rows: columns } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns
                     WHERE table_schema = 'public' AND table_name = 'users' AND column_name = 'motivo_suspensao') AS found`,
  );
  if (columns[0]?.found !== true) return null;
  const { rows } = await db.query<{ motivo_suspensao: string | null }>(
    `SELECT motivo_suspensao FROM public.users WHERE id = $1::uuid`,
    [userId],
  );
  return rows[0]?.motivo_suspensao ?? null;
}
