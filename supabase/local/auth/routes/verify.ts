// /verify: the emailed links (GET, answered with a redirect carrying the session in the fragment, as GoTrue's
// implicit flow does) and verifyOtp (POST with token_hash, or email plus the six-digit code, which dies after
// a few wrong tries). Links and codes live otpExpirySeconds on the Auth clock.
import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { json } from '../../service.ts';
import { clientInfo, redirectOf, type AuthCall } from '../call.ts';
import { AuthFailure, otpExpired, overRequestRateLimit, userBanned, validationFailed } from '../errors.ts';
import { tokenColumnOf, type VerifyType } from '../mailer.ts';
import type { Rate } from '../rate-limiter.ts';
import { withFragment } from '../redirects.ts';
import { readBody, stringField } from '../request.ts';
import { logSecurityEvent } from '../security.ts';
import { issueSession, type SessionJson, type SignInMethod } from '../sessions.ts';
import { isBarred } from '../standing.ts';
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

function kindsOf(type: string): VerifyType[] {
  const kinds = TYPES[type];
  if (!kinds) throw validationFailed(`Verify requires a verification type`);
  return kinds;
}

/** Codes and links sent before this instant have expired. */
function expiryCutoff(call: AuthCall): string {
  return new Date(call.settings.now() - call.settings.otpExpirySeconds * 1000).toISOString();
}

/** Marks the user's `kind` verified, consumes its token and starts a session (refused if barred). */
async function complete(call: AuthCall, tx: Queryable, kind: VerifyType, id: string, viaCode: boolean): Promise<SessionJson> {
  const column = tokenColumnOf(kind);
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
  if (await isBarred(tx, user)) throw userBanned(403);
  await syncEmailIdentity(tx, id, user.email ?? '', true);
  return issueSession(tx, call.config, id, viaCode ? 'otp' : METHOD[kind], clientInfo(call));
}

/** The emailed link (or token_hash): the 56-hex-digit hash is unguessable, so only its age is checked. */
async function consumeHash(call: AuthCall, tx: Queryable, type: string, hash: string): Promise<SessionJson> {
  for (const kind of kindsOf(type)) {
    const column = tokenColumnOf(kind);
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id::text FROM auth.users
        WHERE ${column.token} = $1 AND deleted_at IS NULL AND ${column.sentAt} > $2::timestamptz
        FOR UPDATE`,
      [hash, expiryCutoff(call)],
    );
    const id = rows[0]?.id;
    if (id) return complete(call, tx, kind, id, false);
  }
  throw otpExpired();
}

interface ActiveCode {
  kind: VerifyType;
  userId: string;
  token: string;
  /** Its bucket of tries: `otpMaxAttempts` wrong ones, never refilled. */
  key: string;
}

/** The unexpired codes of `kinds` held for `email`, locked so that tries on one code take turns. */
async function activeCodes(call: AuthCall, tx: Queryable, kinds: VerifyType[], email: string): Promise<ActiveCode[]> {
  const codes: ActiveCode[] = [];
  for (const kind of kinds) {
    const column = tokenColumnOf(kind);
    const { rows } = await tx.query<{ id: string; token: string }>(
      `SELECT id::text, ${column.token} AS token FROM auth.users
        WHERE lower(${kind === 'email_change' ? 'email_change' : 'email'}) = lower($1) AND deleted_at IS NULL
          AND coalesce(${column.token}, '') <> '' AND ${column.sentAt} > $2::timestamptz
        FOR UPDATE`,
      [email, expiryCutoff(call)],
    );
    for (const row of rows)
      codes.push({ kind, userId: row.id, token: row.token, key: `code|${row.id}|${column.token}|${row.token}` });
  }
  return codes;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * verifyOtp with email and the six-digit code. Every wrong code costs the address one of its daily tries
 * (paid up front, so parallel guesses cannot overdraw it) and costs each code it could have been one of its
 * `otpMaxAttempts`; a code out of tries is dead, while its emailed link keeps working.
 */
async function consumeCode(call: AuthCall, type: string, email: string, code: string): Promise<SessionJson> {
  const kinds = kindsOf(type);
  const { codes: limiter } = call.limits;
  const budget = { key: `wrong|${email}`, rate: call.settings.rates.wrongCodesPerAddress };
  if (!limiter.take(budget.key, budget.rate)) throw overRequestRateLimit(limiter.waitSeconds(budget.key, budget.rate));
  const tries: Rate = { burst: call.settings.otpMaxAttempts, refill: 0, perSeconds: 0 };
  const alive = (active: ActiveCode) => limiter.waitSeconds(active.key, tries) === 0;
  const hash = tokenHash(email, code);

  const outcome = await call.db.transaction(async (tx) => {
    const codes = await activeCodes(call, tx, kinds, email);
    const match = codes.find((active) => alive(active) && sameHash(active.token, hash));
    if (match) return { session: await complete(call, tx, match.kind, match.userId, true), exhausted: [] };
    const exhausted: ActiveCode[] = [];
    for (const active of codes.filter(alive)) {
      limiter.take(active.key, tries);
      if (!alive(active)) exhausted.push(active);
    }
    return { session: null, exhausted };
  });
  if (outcome.session) {
    limiter.giveBack(budget.key, budget.rate);
    return outcome.session;
  }
  for (const active of outcome.exhausted) {
    await logSecurityEvent(call.db, {
      action: 'otp_attempts_exhausted',
      ip: call.ip,
      userId: active.userId,
      blocked: true,
      details: { email, type: active.kind, max_attempts: call.settings.otpMaxAttempts },
    });
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
    const session = await call.db.transaction((tx) => consumeHash(call, tx, type, hash));
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
  if (hashGiven) return json(await call.db.transaction((tx) => consumeHash(call, tx, type, hashGiven)));
  if (!email || !code) throw validationFailed('Verify requires either a token or a token hash');
  return json(await consumeCode(call, type, email, code));
}
