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
