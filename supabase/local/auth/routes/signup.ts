// Sign-up with metadata and email confirmation (or at once, with a session, when auto-confirm is on), anonymous
// sign-in when enabled, plus the other flows that only send an email: /recover, /resend and /otp (magic link).
// None of them tells whether an email is registered. Phone sign-in answers GoTrue's 'provider disabled'.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { json } from '../../service.ts';
import { clientInfo, redirectOf, type AuthCall } from '../call.ts';
import { AuthFailure, validationFailed } from '../errors.ts';
import { assertStrongEnough, hashPassword } from '../passwords.ts';
import { metadataField, normalizeEmail, readBody, stringField } from '../request.ts';
import { issueSession } from '../sessions.ts';
import { limitEmail } from '../throttle.ts';
import { createEmailIdentity, findUserByEmail, reloadUser, userJson, type Metadata, type UserRow } from '../users.ts';

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

/** Inserts a password (or passwordless) user with its email identity. */
export async function insertUser(
  db: Queryable,
  fields: {
    email: string;
    passwordHash: string | null;
    userMetadata: Metadata;
    appMetadata?: Metadata;
    confirmed: boolean;
    id?: string;
  },
): Promise<UserRow> {
  const id = fields.id ?? randomUUID();
  await db.query(
    `INSERT INTO auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     VALUES ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', 'authenticated', $2, $3,
             CASE WHEN $4::boolean THEN now() END, $5::jsonb, $6::jsonb)`,
    [
      id,
      fields.email,
      fields.passwordHash,
      fields.confirmed,
      JSON.stringify({ ...EMAIL_APP_METADATA, ...fields.appMetadata }),
      JSON.stringify(fields.userMetadata),
    ],
  );
  await createEmailIdentity(db, id, fields.email, fields.confirmed);
  return reloadUser(db, id);
}

/** What GoTrue answers for an already confirmed email: a plausible user that reveals nothing. */
function sanitizedUser(email: string): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: EMAIL_APP_METADATA,
    user_metadata: {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** GoTrue's refusals while the phone provider is off (each endpoint has its own status and words). */
export const phoneProviderDisabled = (status: 400 | 422, message: string) =>
  new AuthFailure(status, 'phone_provider_disabled', message);

/** signInAnonymously: a user without email or password, signed in at once (when the setting allows it). */
async function signupAnonymously(call: AuthCall, body: Record<string, unknown>): Promise<Response> {
  if (!call.settings.anonymousSignIns)
    throw new AuthFailure(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  const data = metadataField(body, 'data') ?? {};
  const session = await call.db.transaction(async (tx) => {
    const id = randomUUID();
    await tx.query(
      `INSERT INTO auth.users (instance_id, id, aud, role, raw_app_meta_data, raw_user_meta_data, is_anonymous)
       VALUES ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', 'authenticated', '{}'::jsonb, $2::jsonb, true)`,
      [id, JSON.stringify(data)],
    );
    return issueSession(tx, call.config, id, 'anonymous', clientInfo(call));
  });
  return json(session);
}

/** Sign-up with auto-confirm on: confirmed at once and signed in; a registered address is refused outright. */
async function signupConfirmed(call: AuthCall, email: string, passwordHash: string, data: Metadata): Promise<Response> {
  const session = await call.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw new AuthFailure(422, 'user_already_exists', 'User already registered');
    const user = await insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: true });
    return issueSession(tx, call.config, user.id, 'password', clientInfo(call));
  });
  return json(session);
}

export async function signup(call: AuthCall): Promise<Response> {
  const body = await readBody(call.request);
  if (stringField(body, 'phone') && !stringField(body, 'email')) throw phoneProviderDisabled(400, 'Phone signups are disabled');
  if (!stringField(body, 'email') && !stringField(body, 'phone')) return signupAnonymously(call, body);
  const email = normalizeEmail(stringField(body, 'email'));
  const password = stringField(body, 'password');
  if (!password) throw new AuthFailure(422, 'validation_failed', 'Signup requires a valid password');
  assertStrongEnough(password, call.settings.minPasswordLength);
  const data = metadataField(body, 'data') ?? {};
  const redirect = redirectOf(call);
  const passwordHash = await hashPassword(password);
  if (call.settings.mailerAutoconfirm) return signupConfirmed(call, email, passwordHash, data);

  const answer = await call.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) return sanitizedUser(email);
    // Only an address that gets an email spends its mailing limit, as in GoTrue: sign-up's documented answers
    // already tell a confirmed address apart, the other endpoints do not.
    limitEmail(call.limits, call.settings, 'signup', email);
    if (existing) {
      // Signing up again before confirming: whoever asks cannot prove they own the address, so nothing of the
      // account changes (GoTrue does the same); the confirmation goes again to the address, and the answer
      // does not show the details the first sign-up gave.
      await call.mailer.send(tx, existing, 'signup', redirect);
      return { ...(await userJson(tx, await reloadUser(tx, existing.id))), user_metadata: {} };
    }
    const user = await insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: false });
    await call.mailer.send(tx, user, 'signup', redirect);
    return userJson(tx, await reloadUser(tx, user.id));
  });
  return json(answer);
}

/** Sends nothing and answers the same for an unknown address: the mailing limit was already spent on it. */
export async function recover(call: AuthCall): Promise<Response> {
  const body = await readBody(call.request);
  const email = normalizeEmail(stringField(body, 'email'));
  const redirect = redirectOf(call);
  limitEmail(call.limits, call.settings, 'recovery', email);
  await call.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await call.mailer.send(tx, user, 'recovery', redirect);
  });
  return json({});
}

export async function resend(call: AuthCall): Promise<Response> {
  const body = await readBody(call.request);
  const type = stringField(body, 'type');
  if (type === 'sms' || type === 'phone_change') throw phoneProviderDisabled(400, 'Phone logins are disabled');
  if (type !== 'signup' && type !== 'email_change')
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  const email = normalizeEmail(stringField(body, 'email'));
  const redirect = redirectOf(call);
  limitEmail(call.limits, call.settings, type, email);
  await call.db.transaction(async (tx) => {
    if (type === 'signup') {
      const user = await findUserByEmail(tx, email);
      if (user && !user.email_confirmed_at) await call.mailer.send(tx, user, 'signup', redirect);
      return;
    }
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id::text FROM auth.users WHERE (lower(email) = $1 OR lower(email_change) = $1) AND coalesce(email_change, '') <> '' AND deleted_at IS NULL`,
      [email],
    );
    const pending = rows[0] ? await reloadUser(tx, rows[0].id) : null;
    if (pending?.email_change) await call.mailer.send(tx, pending, 'email_change', redirect, pending.email_change);
  });
  return json({});
}

/**
 * signInWithOtp by email: a magic link for a known user, a sign-up confirmation for a new one. With
 * `create_user: false` an unknown address gets the same 200 as a known one and no email (GoTrue answers
 * 422 otp_disabled there, which tells registered addresses apart).
 */
export async function otp(call: AuthCall): Promise<Response> {
  const body = await readBody(call.request);
  if (stringField(body, 'phone') && !stringField(body, 'email')) throw phoneProviderDisabled(400, 'Unsupported phone provider');
  const email = normalizeEmail(stringField(body, 'email'));
  const createUser = body.create_user !== false;
  const data = metadataField(body, 'data') ?? {};
  const redirect = redirectOf(call);
  limitEmail(call.limits, call.settings, 'otp', email);
  await call.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) {
      await call.mailer.send(tx, user, user.email_confirmed_at ? 'magiclink' : 'signup', redirect);
      return;
    }
    if (!createUser) return;
    const created = await insertUser(tx, { email, passwordHash: null, userMetadata: data, confirmed: false });
    await call.mailer.send(tx, created, 'signup', redirect);
  });
  return json({});
}
