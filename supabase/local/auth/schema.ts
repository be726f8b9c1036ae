// What the Auth service keeps beyond bootstrap/10_auth.sql, created at start when missing (so data folders
// made before it existed keep working): GoTrue's auth.mfa_amr_claims, the sign-in methods of each session, its
// TOTP factors and their challenges, and the reauthentication code's columns of auth.users.
import type { Queryable } from '../db/database.ts';

export async function ensureAuthSchema(db: Queryable): Promise<void> {
  await db.exec(`
    CREATE TABLE IF NOT EXISTS auth.mfa_amr_claims (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      session_id uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      authentication_method text NOT NULL,
      UNIQUE (session_id, authentication_method)
    );
    CREATE TABLE IF NOT EXISTS auth.mfa_factors (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
      friendly_name text,
      factor_type text NOT NULL,
      status text NOT NULL DEFAULT 'unverified',
      secret text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_challenged_at timestamptz
    );
    CREATE INDEX IF NOT EXISTS mfa_factors_user_idx ON auth.mfa_factors (user_id);
    CREATE TABLE IF NOT EXISTS auth.mfa_challenges (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      factor_id uuid NOT NULL REFERENCES auth.mfa_factors (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      verified_at timestamptz,
      ip_address text
    );
    CREATE INDEX IF NOT EXISTS refresh_tokens_parent_idx ON auth.refresh_tokens (parent);
    ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS reauthentication_token varchar(255),
      ADD COLUMN IF NOT EXISTS reauthentication_sent_at timestamptz;`);
}
