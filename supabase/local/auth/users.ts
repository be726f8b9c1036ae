// auth.users rows as the Auth service reads them, and the User JSON GoTrue answers with (identities included).
import type { Queryable } from '../db/database.ts';

export type Metadata = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  confirmation_token: string | null;
  confirmation_sent_at: string | null;
  recovery_token: string | null;
  recovery_sent_at: string | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Metadata;
  raw_user_meta_data: Metadata;
  created_at: string;
  updated_at: string;
  phone: string | null;
  phone_confirmed_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
  /** Computed: banned_until is in the future. */
  is_banned: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Metadata;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string | null;
}

/** The select list of a user row; timestamps as text, exactly as Postgres renders them. */
export const USER_COLUMNS = `id::text, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_token,
  confirmation_sent_at, recovery_token, recovery_sent_at, email_change_token_new, email_change, email_change_sent_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at,
  banned_until, deleted_at, is_anonymous, (banned_until IS NOT NULL AND banned_until > now()) AS is_banned`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Postgres' `2024-05-01 10:11:12.123456+00` as GoTrue's RFC 3339 `2024-05-01T10:11:12.123456Z`. */
export function rfc3339(value: string | null): string | undefined {
  if (value === null) return undefined;
  return value.replace(' ', 'T').replace(/\+00(:00)?$/, 'Z');
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1::uuid AND deleted_at IS NULL`, [
    id,
  ]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM auth.users WHERE lower(email) = lower($1) AND deleted_at IS NULL`,
    [email],
  );
  return rows[0] ?? null;
}

/** Loads the user row a statement just changed (`… RETURNING id`). */
export async function reloadUser(db: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new Error(`auth.users ${id} sumiu durante a operação`);
  return user;
}

async function identitiesOf(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `SELECT id::text, provider_id, user_id::text, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       FROM auth.identities WHERE user_id = $1::uuid ORDER BY created_at`,
    [userId],
  );
  return rows;
}

/** Drops undefined fields (GoTrue omits unset timestamps). */
function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** The User object of GoTrue's API. */
export async function userJson(db: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const identities = (await identitiesOf(db, user.id)).map((identity) =>
    compact({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: rfc3339(identity.last_sign_in_at),
      created_at: rfc3339(identity.created_at),
      updated_at: rfc3339(identity.updated_at),
      email: identity.email ?? undefined,
    }),
  );
  const factors = await factorsJson(db, user.id);
  return compact({
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: rfc3339(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: rfc3339(user.phone_confirmed_at),
    confirmation_sent_at: rfc3339(user.confirmation_sent_at),
    confirmed_at: rfc3339(user.email_confirmed_at ?? user.phone_confirmed_at),
    recovery_sent_at: rfc3339(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? rfc3339(user.email_change_sent_at) : undefined,
    invited_at: rfc3339(user.invited_at),
    last_sign_in_at: rfc3339(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities,
    factors: factors.length > 0 ? factors : undefined,
    created_at: rfc3339(user.created_at),
    updated_at: rfc3339(user.updated_at),
    banned_until: user.is_banned ? rfc3339(user.banned_until) : undefined,
    deleted_at: rfc3339(user.deleted_at),
    is_anonymous: user.is_anonymous,
  });
}

/** The user's second factors as GoTrue lists them (verified or not), oldest first. */
async function factorsJson(db: Queryable, userId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query<{
    id: string;
    friendly_name: string | null;
    factor_type: string;
    status: string;
    created_at: string;
    updated_at: string;
    last_challenged_at: string | null;
  }>(
    `SELECT id::text, friendly_name, factor_type, status, created_at::text, updated_at::text, last_challenged_at::text
       FROM auth.mfa_factors WHERE user_id = $1::uuid ORDER BY created_at, id`,
    [userId],
  );
  return rows.map((row) =>
    compact({
      id: row.id,
      friendly_name: row.friendly_name ?? undefined,
      factor_type: row.factor_type,
      status: row.status,
      created_at: rfc3339(row.created_at),
      updated_at: rfc3339(row.updated_at),
      last_challenged_at: rfc3339(row.last_challenged_at),
    }),
  );
}

/** Creates the `email` identity GoTrue keeps for a password user. */
export async function createEmailIdentity(db: Queryable, userId: string, email: string, verified: boolean): Promise<void> {
  await db.query(
    `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider)
     VALUES ($1::text, $1::text::uuid, $2::jsonb, 'email') ON CONFLICT (provider_id, provider) DO NOTHING`,
    [userId, JSON.stringify({ sub: userId, email, email_verified: verified, phone_verified: false })],
  );
}

/** Keeps the identity's copy of the email and its verified flag in step with the user. */
export async function syncEmailIdentity(db: Queryable, userId: string, email: string, verified: boolean): Promise<void> {
  await db.query(
    `UPDATE auth.identities
        SET identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean), updated_at = now()
      WHERE user_id = $1::uuid AND provider = 'email'`,
    [userId, email, verified],
  );
}

/** Merges `patch` into metadata as GoTrue does: a null value deletes the key. */
export function mergeMetadata(current: Metadata, patch: Metadata): Metadata {
  const merged = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}
