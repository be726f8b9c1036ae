// Sessions and refresh tokens: issuing a session, rotating its refresh token with GoTrue's reuse rules
// (a revoked token reused within the reuse interval returns the current one; later, it revokes the family),
// and signing out by scope.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import type { StackConfig } from '../config.ts';
import { AuthFailure, userBanned } from './errors.ts';
import { isBarred } from './standing.ts';
import { newRefreshToken, signAccessToken, type AmrEntry } from './tokens.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

export type SignInMethod =
  'password' | 'otp' | 'recovery' | 'magiclink' | 'email/signup' | 'email_change' | 'invite' | 'anonymous';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

async function amrOf(db: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await db.query<{ method: string; timestamp: number }>(
    `SELECT authentication_method AS method, floor(extract(epoch FROM updated_at))::int AS timestamp
       FROM auth.mfa_amr_claims WHERE session_id = $1::uuid ORDER BY updated_at DESC`,
    [sessionId],
  );
  return rows.map((row) => ({ method: row.method, timestamp: row.timestamp }));
}

async function sessionJson(
  db: Queryable,
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const access = await signAccessToken(config, user, sessionId, await amrOf(db, sessionId));
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}

/** Starts a session for `user` (a sign-in): records the method, the first refresh token and the sign-in time. */
export async function issueSession(
  db: Queryable,
  config: StackConfig,
  userId: string,
  method: SignInMethod,
  client: { ip: string; userAgent: string | null },
): Promise<SessionJson> {
  const sessionId = randomUUID();
  await db.query(`INSERT INTO auth.sessions (id, user_id, ip, user_agent) VALUES ($1::uuid, $2::uuid, $3, $4)`, [
    sessionId,
    userId,
    client.ip,
    client.userAgent,
  ]);
  await db.query(`INSERT INTO auth.mfa_amr_claims (session_id, authentication_method) VALUES ($1::uuid, $2)`, [
    sessionId,
    method,
  ]);
  const refreshToken = newRefreshToken();
  await db.query(`INSERT INTO auth.refresh_tokens (token, user_id, session_id) VALUES ($1, $2, $3::uuid)`, [
    refreshToken,
    userId,
    sessionId,
  ]);
  await db.query(`UPDATE auth.users SET last_sign_in_at = now(), updated_at = now() WHERE id = $1::uuid`, [userId]);
  await db.query(`UPDATE auth.identities SET last_sign_in_at = now() WHERE user_id = $1::uuid`, [userId]);
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`auth.users ${userId} sumiu durante o login`);
  return sessionJson(db, config, user, sessionId, refreshToken);
}

/**
 * Records that the session `sessionId` proved `method` as well (a second factor) and answers it anew: an access
 * token whose `amr` and `aal` say so, and a new refresh token in the same session.
 */
export async function addSessionMethod(
  db: Queryable,
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  method: 'totp',
): Promise<SessionJson> {
  await db.query(
    `INSERT INTO auth.mfa_amr_claims (session_id, authentication_method) VALUES ($1::uuid, $2)
       ON CONFLICT (session_id, authentication_method) DO UPDATE SET updated_at = now()`,
    [sessionId, method],
  );
  const refreshToken = newRefreshToken();
  await db.query(`INSERT INTO auth.refresh_tokens (token, user_id, session_id) VALUES ($1, $2, $3::uuid)`, [
    refreshToken,
    user.id,
    sessionId,
  ]);
  await db.query(`UPDATE auth.sessions SET updated_at = now() WHERE id = $1::uuid`, [sessionId]);
  return sessionJson(db, config, user, sessionId, refreshToken);
}

interface TokenRow {
  id: string;
  token: string;
  revoked: boolean;
  user_id: string;
  session_id: string | null;
  within_reuse: boolean;
}

type RefreshOutcome = { ok: true; session: SessionJson } | { ok: false; failure: AuthFailure };

const notFound = () => new AuthFailure(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/** The refresh_token grant: rotation, reuse interval, family revocation on reuse. */
export async function refreshSession(
  db: Database,
  config: StackConfig,
  token: string,
  reuseIntervalSeconds: number,
): Promise<SessionJson> {
  // A detected reuse must revoke the family and still answer with an error: the outcome leaves the
  // transaction as a value so that the revocation commits.
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const { rows } = await tx.query<TokenRow>(
      `SELECT id::text, token, revoked, user_id, session_id::text,
              (updated_at > now() - make_interval(secs => $2)) AS within_reuse
         FROM auth.refresh_tokens WHERE token = $1 FOR UPDATE`,
      [token, reuseIntervalSeconds],
    );
    const current = rows[0];
    if (!current?.session_id) return { ok: false, failure: notFound() };
    const sessionId = current.session_id;
    const user = await findUserById(tx, current.user_id);
    if (!user) return { ok: false, failure: notFound() };
    if (await isBarred(tx, user)) return { ok: false, failure: userBanned(400, 'Invalid Refresh Token: User Banned') };

    if (current.revoked) {
      const { rows: active } = await tx.query<{ token: string; parent: string | null }>(
        `SELECT token, parent FROM auth.refresh_tokens WHERE session_id = $1::uuid AND NOT revoked ORDER BY id DESC LIMIT 1`,
        [sessionId],
      );
      const child = active[0];
      if (child && child.parent === current.token && current.within_reuse) {
        return { ok: true, session: await sessionJson(tx, config, user, sessionId, child.token) };
      }
      await tx.query(
        `UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE session_id = $1::uuid AND NOT revoked`,
        [sessionId],
      );
      return { ok: false, failure: new AuthFailure(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
    }

    const next = newRefreshToken();
    await tx.query(`UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE id = $1::bigint`, [current.id]);
    await tx.query(`INSERT INTO auth.refresh_tokens (token, user_id, parent, session_id) VALUES ($1, $2, $3, $4::uuid)`, [
      next,
      user.id,
      current.token,
      sessionId,
    ]);
    await tx.query(`UPDATE auth.sessions SET refreshed_at = now(), updated_at = now() WHERE id = $1::uuid`, [sessionId]);
    return { ok: true, session: await sessionJson(tx, config, user, sessionId, next) };
  });
  if (!outcome.ok) throw outcome.failure;
  return outcome.session;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions of `userId`: all of them (global), the caller's (local) or all but the caller's (others). */
export async function endSessions(db: Queryable, userId: string, sessionId: string, scope: LogoutScope): Promise<void> {
  if (scope === 'local') {
    await db.query(`DELETE FROM auth.sessions WHERE id = $1::uuid AND user_id = $2::uuid`, [sessionId, userId]);
  } else if (scope === 'others') {
    await db.query(`DELETE FROM auth.sessions WHERE user_id = $1::uuid AND id <> $2::uuid`, [userId, sessionId]);
  } else {
    await db.query(`DELETE FROM auth.sessions WHERE user_id = $1::uuid`, [userId]);
  }
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM auth.sessions WHERE id = $1::uuid`, [sessionId]);
  return rows.length > 0;
}
