// The admin endpoints (/admin/users …) the admin area needs, for callers with the service_role key: create,
// list with pagination, read, update (metadata, email, password, confirmation, ban) and delete; plus /invite
// (mails an invitation) and /admin/generate_link (stores a code and answers its link, mailing nothing).
import type { Queryable } from '../../db/database.ts';
import { json } from '../../service.ts';
import { redirectOf, type AuthCall } from '../call.ts';
import { AuthFailure, emailExists, userNotFound, validationFailed } from '../errors.ts';
import { assertStrongEnough, hashPassword } from '../passwords.ts';
import { metadataField, normalizeEmail, readBody, requireServiceRole, stringField, type Body } from '../request.ts';
import { endSessions } from '../sessions.ts';
import type { MailedType } from '../mailer.ts';
import {
  findUserByEmail,
  findUserById,
  isUuid,
  mergeMetadata,
  reloadUser,
  syncEmailIdentity,
  userJson,
  USER_COLUMNS,
  type Metadata,
  type UserRow,
} from '../users.ts';
import { insertUser } from './signup.ts';

const UNITS_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A Go duration (`24h`, `1h30m`, `90s`) in milliseconds; null for `none`. */
export function parseBanDuration(text: string): number | null {
  if (text === 'none') return null;
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) {
    throw validationFailed(`invalid format for ban duration: time: invalid duration "${text}"`);
  }
  return parts.reduce((total, part) => total + Number(part[1]) * (UNITS_MS[part[2] ?? ''] ?? 0), 0);
}

async function applyBan(db: Queryable, userId: string, duration: string): Promise<void> {
  const ms = parseBanDuration(duration);
  if (ms === null) {
    await db.query(`UPDATE auth.users SET banned_until = NULL, updated_at = now() WHERE id = $1::uuid`, [userId]);
    return;
  }
  await db.query(
    `UPDATE auth.users SET banned_until = now() + make_interval(secs => $2), updated_at = now() WHERE id = $1::uuid`,
    [userId, ms / 1000],
  );
  // A banned person is signed out everywhere at once.
  await endSessions(db, userId, userId, 'global');
}

function roleOf(body: Body): void {
  const role = stringField(body, 'role');
  if (role !== undefined && role !== 'authenticated') throw validationFailed('Only the authenticated role can be assigned here');
}

async function createUser(call: AuthCall): Promise<Response> {
  const body = await readBody(call.request);
  const email = normalizeEmail(stringField(body, 'email'));
  const password = stringField(body, 'password');
  if (password !== undefined) assertStrongEnough(password, call.settings.minPasswordLength);
  roleOf(body);
  const ban = stringField(body, 'ban_duration');
  const passwordHash = password === undefined ? null : await hashPassword(password);
  const answer = await call.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw emailExists();
    const user = await insertUser(tx, {
      email,
      passwordHash,
      confirmed: body.email_confirm === true,
      userMetadata: metadataField(body, 'user_metadata') ?? {},
      appMetadata: metadataField(body, 'app_metadata') ?? {},
    });
    if (ban) await applyBan(tx, user.id, ban);
    return userJson(tx, await reloadUser(tx, user.id));
  });
  return json(answer);
}

/** A pagination parameter as GoTrue reads it: an unsigned decimal, or its own 400 naming the bad text. */
function unsignedParam(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) {
    throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`);
  }
  return Number(value);
}

async function listUsers(call: AuthCall): Promise<Response> {
  const params = call.url.searchParams;
  const page = Math.max(1, unsignedParam(params.get('page'), 1));
  const perPage = Math.min(1000, Math.max(1, unsignedParam(params.get('per_page'), 50)));
  const filter = params.get('filter')?.trim() || null;
  const { rows: totals } = await call.db.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM auth.users WHERE deleted_at IS NULL AND ($1::text IS NULL OR email ILIKE '%' || $1::text || '%')`,
    [filter],
  );
  const total = Number(totals[0]?.total ?? 0);
  const { rows } = await call.db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM auth.users
      WHERE deleted_at IS NULL AND ($1::text IS NULL OR email ILIKE '%' || $1::text || '%')
      ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
    [filter, perPage, (page - 1) * perPage],
  );
  const users = await Promise.all(rows.map((row) => userJson(call.db, row)));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  return json({ users, aud: 'authenticated' }, 200, { 'x-total-count': String(total), link: links.join(', ') });
}

async function requireTarget(db: Queryable, id: string): Promise<UserRow> {
  const user = isUuid(id) ? await findUserById(db, id) : null;
  if (!user) throw userNotFound();
  return user;
}

async function updateUserById(call: AuthCall, id: string): Promise<Response> {
  const body = await readBody(call.request);
  roleOf(body);
  const emailText = stringField(body, 'email');
  const email = emailText === undefined ? undefined : normalizeEmail(emailText);
  const password = stringField(body, 'password');
  if (password !== undefined) assertStrongEnough(password, call.settings.minPasswordLength);
  const passwordHash = password === undefined ? null : await hashPassword(password);
  const ban = stringField(body, 'ban_duration');
  if (ban !== undefined) parseBanDuration(ban);

  const answer = await call.db.transaction(async (tx) => {
    const user = await requireTarget(tx, id);
    const userMetadata = metadataField(body, 'user_metadata');
    const appMetadata = metadataField(body, 'app_metadata');
    if (userMetadata || appMetadata) {
      await tx.query(
        `UPDATE auth.users SET raw_user_meta_data = $2::jsonb, raw_app_meta_data = $3::jsonb, updated_at = now() WHERE id = $1::uuid`,
        [
          id,
          JSON.stringify(userMetadata ? mergeMetadata(user.raw_user_meta_data, userMetadata) : user.raw_user_meta_data),
          JSON.stringify(appMetadata ? mergeMetadata(user.raw_app_meta_data, appMetadata) : user.raw_app_meta_data),
        ],
      );
    }
    if (email && email !== user.email) {
      const holder = await findUserByEmail(tx, email);
      if (holder && holder.id !== id) throw emailExists();
      await tx.query(
        `UPDATE auth.users SET email = $2, email_change = '', email_change_token_new = '', updated_at = now() WHERE id = $1::uuid`,
        [id, email],
      );
    }
    if (passwordHash)
      await tx.query(`UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1::uuid`, [id, passwordHash]);
    if (body.email_confirm === true) {
      await tx.query(
        `UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '' WHERE id = $1::uuid`,
        [id],
      );
    }
    if (ban !== undefined) await applyBan(tx, id, ban);
    const updated = await reloadUser(tx, id);
    await syncEmailIdentity(tx, id, updated.email ?? '', updated.email_confirmed_at !== null);
    return userJson(tx, updated);
  });
  return json(answer);
}

async function deleteUser(call: AuthCall, id: string): Promise<Response> {
  const body = await readBody(call.request);
  await call.db.transaction(async (tx) => {
    await requireTarget(tx, id);
    if (body.should_soft_delete === true) {
      await tx.query(
        `UPDATE auth.users SET deleted_at = now(), email = NULL, phone = NULL, encrypted_password = NULL, updated_at = now() WHERE id = $1::uuid`,
        [id],
      );
      await tx.query(`DELETE FROM auth.identities WHERE user_id = $1::uuid`, [id]);
      await tx.query(`DELETE FROM auth.sessions WHERE user_id = $1::uuid`, [id]);
    } else {
      await tx.query(`DELETE FROM auth.users WHERE id = $1::uuid`, [id]);
    }
  });
  return json({});
}

/** The user `email` names, created (unconfirmed, without a password unless given) when it does not exist yet. */
async function userToInvite(tx: Queryable, email: string, data: Metadata, passwordHash: string | null): Promise<UserRow> {
  const existing = await findUserByEmail(tx, email);
  if (existing?.email_confirmed_at) throw emailExists();
  if (existing) return existing;
  return insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: false });
}

/** POST /invite: creates the invited user and mails the invitation (its link confirms and signs in). */
export async function invite(call: AuthCall): Promise<Response> {
  await requireServiceRole(call.request, call.config);
  const body = await readBody(call.request);
  const email = normalizeEmail(stringField(body, 'email'));
  const data = metadataField(body, 'data') ?? {};
  const redirect = redirectOf(call);
  const answer = await call.db.transaction(async (tx) => {
    const user = await userToInvite(tx, email, data, null);
    await call.mailer.send(tx, user, 'invite', redirect);
    return userJson(tx, await reloadUser(tx, user.id));
  });
  return json(answer);
}

const LINK_TYPES: Record<string, MailedType> = {
  signup: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change_new: 'email_change',
};

/** POST /admin/generate_link: the user with the link's properties flattened in, as GoTrue answers. */
async function generateLink(call: AuthCall): Promise<Response> {
  const body = await readBody(call.request);
  const requested = stringField(body, 'type') ?? '';
  const type = LINK_TYPES[requested];
  if (!type) throw validationFailed(`Invalid email action link type requested: ${requested}`);
  const email = normalizeEmail(stringField(body, 'email'));
  const data = metadataField(body, 'data') ?? {};
  const password = stringField(body, 'password');
  if (type === 'signup') {
    if (!password) throw new AuthFailure(422, 'validation_failed', 'Signup requires a valid password');
    assertStrongEnough(password, call.settings.minPasswordLength);
  }
  const passwordHash = password === undefined ? null : await hashPassword(password);
  const newEmailText = stringField(body, 'new_email');
  const redirect = redirectOf(call, stringField(body, 'redirect_to'));
  const answer = await call.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    let kind = type;
    if (!user && type === 'magiclink') kind = 'signup';
    if (!user && (type === 'recovery' || type === 'email_change')) {
      throw new AuthFailure(404, 'user_not_found', 'User with this email not found');
    }
    if (kind === 'signup' || kind === 'invite') user = await userToInvite(tx, email, data, passwordHash);
    if (!user) throw userNotFound();
    let newEmail: string | undefined;
    if (kind === 'email_change') {
      newEmail = normalizeEmail(newEmailText);
      const holder = await findUserByEmail(tx, newEmail);
      if (holder && holder.id !== user.id) throw emailExists();
    }
    const issued = await call.mailer.issue(tx, user, kind, redirect, newEmail);
    return {
      ...(await userJson(tx, await reloadUser(tx, user.id))),
      action_link: issued.link,
      email_otp: issued.otp,
      hashed_token: issued.hash,
      verification_type: kind === 'email_change' ? requested : kind,
      redirect_to: redirect,
    };
  });
  return json(answer);
}

export async function admin(call: AuthCall): Promise<Response> {
  await requireServiceRole(call.request, call.config);
  const method = call.request.method;
  if (call.path === '/admin/users') {
    if (method === 'GET') return listUsers(call);
    if (method === 'POST') return createUser(call);
  }
  if (call.path === '/admin/generate_link' && method === 'POST') return generateLink(call);
  const id = /^\/admin\/users\/([^/]+)$/.exec(call.path)?.[1];
  if (id) {
    if (method === 'GET') return json(await userJson(call.db, await requireTarget(call.db, id)));
    if (method === 'PUT') return updateUserById(call, id);
    if (method === 'DELETE') return deleteUser(call, id);
  }
  throw new AuthFailure(404, 'not_found', 'Not found');
}
