// /verify: the emailed links (GET, answered with a redirect carrying the session in the fragment, as GoTrue's
// implicit flow does) and verifyOtp (POST with token_hash, or email plus the six-digit code).
import type { Queryable } from '../../db/database.ts';
import { json } from '../../service.ts';
import { clientInfo, redirectOf, type AuthCall } from '../call.ts';
import { AuthFailure, otpExpired, validationFailed } from '../errors.ts';
import { tokenColumnOf, type VerifyType } from '../mailer.ts';
import { withFragment } from '../redirects.ts';
import { readBody, stringField } from '../request.ts';
import { issueSession, type SessionJson, type SignInMethod } from '../sessions.ts';
import { tokenHash } from '../tokens.ts';
import { reloadUser, syncEmailIdentity } from '../users.ts';

const TYPES: Record<string, VerifyType[]> = {
  signup: ['signup'],
  invite: ['signup'],
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  email_change: ['email_change'],
  email: ['signup', 'magiclink'],
};

const METHOD: Record<VerifyType, SignInMethod> = {
  signup: 'email/signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

/** Finds the user holding `hash` for one of the kinds of `type`, consumes it, and starts a session. */
async function consume(call: AuthCall, tx: Queryable, type: string, hash: string, email: string | null, viaCode: boolean): Promise<SessionJson> {
  const kinds = TYPES[type];
  if (!kinds) throw validationFailed(`Verify requires a verification type`);
  for (const kind of kinds) {
    const column = tokenColumnOf(kind);
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id::text FROM auth.users
        WHERE ${column.token} = $1 AND deleted_at IS NULL
          AND ${column.sentAt} > now() - make_interval(secs => $2)
          AND ($3::text IS NULL OR lower(${kind === 'email_change' ? 'email_change' : 'email'}) = lower($3::text))
        FOR UPDATE`,
      [hash, call.settings.otpExpirySeconds, email],
    );
    const id = rows[0]?.id;
    if (!id) continue;
    if (kind === 'email_change') {
      await tx.query(
        `UPDATE auth.users SET email = email_change, email_change = '', email_change_token_new = '',
                email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1::uuid`,
        [id],
      );
    } else {
      await tx.query(
        `UPDATE auth.users SET ${column.token} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1::uuid`,
        [id],
      );
    }
    const user = await reloadUser(tx, id);
    if (user.is_banned) throw new AuthFailure(403, 'user_banned', 'User is banned');
    await syncEmailIdentity(tx, id, user.email ?? '', true);
    return issueSession(tx, call.config, id, viaCode ? 'otp' : METHOD[kind], clientInfo(call));
  }
  throw otpExpired();
}

/** GET /verify?token=…&type=…&redirect_to=…: the link of an email. */
export async function verifyLink(call: AuthCall): Promise<Response> {
  const redirect = redirectOf(call);
  const type = call.url.searchParams.get('type') ?? '';
  const hash = call.url.searchParams.get('token') ?? '';
  let target: string;
  try {
    if (!hash) throw otpExpired();
    const session = await call.db.transaction((tx) => consume(call, tx, type, hash, null, false));
    target = withFragment(redirect, {
      access_token: session.access_token,
      expires_at: session.expires_at,
      expires_in: session.expires_in,
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type,
    });
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    const expired = error.code === 'otp_expired';
    target = withFragment(redirect, {
      error: expired ? 'access_denied' : 'invalid_request',
      error_code: error.code,
      error_description: expired ? 'Email link is invalid or has expired' : error.message,
    });
  }
  return new Response(null, { status: 303, headers: { location: target } });
}

/** POST /verify: verifyOtp with `token_hash`, or with `email` and the code. */
export async function verifyOtp(call: AuthCall): Promise<Response> {
  const body = await readBody(call.request);
  const type = stringField(body, 'type') ?? '';
  const hashGiven = stringField(body, 'token_hash');
  const email = stringField(body, 'email')?.trim().toLowerCase();
  const code = stringField(body, 'token')?.trim();
  if (hashGiven && (email || stringField(body, 'phone') || stringField(body, 'redirect_to'))) {
    throw validationFailed('Only the token_hash and type should be provided');
  }
  let session: SessionJson;
  if (hashGiven) {
    session = await call.db.transaction((tx) => consume(call, tx, type, hashGiven, null, false));
  } else {
    if (!email || !code) throw validationFailed('Verify requires either a token or a token hash');
    session = await call.db.transaction((tx) => consume(call, tx, type, tokenHash(email, code), email, true));
  }
  return json(session);
}
