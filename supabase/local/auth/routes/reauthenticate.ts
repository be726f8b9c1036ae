// GET /reauthenticate mails the signed-in user a code (the nonce) that a sensitive change then carries
// (`updateUser({ password, nonce })`); each code works once and for otpExpirySeconds, as GoTrue's.
import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { json } from '../../service.ts';
import type { AuthCall } from '../call.ts';
import { AuthFailure } from '../errors.ts';
import { requireUser } from '../request.ts';
import { tokenHash } from '../tokens.ts';
import type { UserRow } from '../users.ts';

const invalidNonce = () => new AuthFailure(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');

export async function reauthenticate(call: AuthCall): Promise<Response> {
  const { user } = await requireUser(call.request, call.config, call.db);
  if (!user.email) {
    throw new AuthFailure(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  }
  if (!user.email_confirmed_at) throw new AuthFailure(422, 'email_not_confirmed', 'Please verify your email first.');
  await call.db.transaction((tx) => call.mailer.sendReauthentication(tx, user));
  return json({});
}

/** Checks `nonce` against the user's reauthentication code and uses it up; refused as GoTrue refuses it. */
export async function consumeNonce(call: AuthCall, db: Queryable, user: UserRow, nonce: string): Promise<void> {
  const { rows } = await db.query<{ token: string | null; sent_at: string | null }>(
    `SELECT reauthentication_token AS token, reauthentication_sent_at::text AS sent_at FROM auth.users WHERE id = $1::uuid FOR UPDATE`,
    [user.id],
  );
  const stored = rows[0];
  if (!stored?.token || !stored.sent_at || !user.email) throw invalidNonce();
  const sentAt = new Date(stored.sent_at).getTime();
  const expected = Buffer.from(stored.token);
  const given = Buffer.from(tokenHash(user.email, nonce));
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!matches || call.settings.now() - sentAt > call.settings.otpExpirySeconds * 1000) throw invalidNonce();
  await db.query(`UPDATE auth.users SET reauthentication_token = '', reauthentication_sent_at = NULL WHERE id = $1::uuid`, [
    user.id,
  ]);
}
