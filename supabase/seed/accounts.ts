// The demo logins and how they are created: auth.users rows with bcrypt hashes and confirmed emails (so the
// Auth service signs them in like anyone else) plus their email identity; the profile comes from the sign-up
// trigger of the migrations.
import bcrypt from 'bcryptjs';
import type { Queryable } from '../local/db/database.ts';

export interface DemoAccount {
  id: string;
  email: string;
  password: string;
  nome: string;
  nome_mercado: string;
  telefone: string;
  /** `admin` is granted through app_metadata.role, as `is_admin()` reads it. */
  role: 'owner' | 'admin';
  /** How the printed logins name it, when not 'Dono da loja' or 'Administrador'. */
  label?: string;
}

export const DEMO_OWNER: DemoAccount = {
  id: '5eed0000-0000-4000-8000-000000000001',
  email: 'dono@caderneta.demo',
  password: 'caderneta123',
  nome: 'Maria Aparecida Souza',
  nome_mercado: 'Mercadinho da Maria',
  telefone: '81987654321',
  role: 'owner',
};

export const DEMO_ADMIN: DemoAccount = {
  id: '5eed0000-0000-4000-8000-000000000002',
  email: 'admin@caderneta.demo',
  password: 'admin12345',
  nome: 'Administrador Caderneta',
  nome_mercado: 'Caderneta',
  telefone: '81900000000',
  role: 'admin',
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [DEMO_OWNER, DEMO_ADMIN];

const BCRYPT_COST = 10;

export async function accountExists(db: Queryable, account: DemoAccount): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM auth.users WHERE id = $1::uuid OR lower(email) = lower($2)', [
    account.id,
    account.email,
  ]);
  return rows.length > 0;
}

/** Creates the account with a confirmed email; `createdAt` backdates it to the shop's opening. */
export async function createAccount(db: Queryable, account: DemoAccount, createdAt: string): Promise<void> {
  const hash = await bcrypt.hash(account.password, BCRYPT_COST);
  const appMetadata = { provider: 'email', providers: ['email'], ...(account.role === 'admin' ? { role: 'admin' } : {}) };
  const userMetadata = {
    nome: account.nome,
    nome_mercado: account.nome_mercado,
    telefone: account.telefone,
    email_verified: true,
  };
  await db.query(
    `INSERT INTO auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
                             raw_user_meta_data, created_at, updated_at)
     VALUES ($1::uuid, 'authenticated', 'authenticated', $2, $3, $4::timestamptz, $5::jsonb, $6::jsonb, $4::timestamptz, $4::timestamptz)`,
    [account.id, account.email, hash, createdAt, JSON.stringify(appMetadata), JSON.stringify(userMetadata)],
  );
  await db.query(
    `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     VALUES ($1::text, $1::uuid, $2::jsonb, 'email', $3::timestamptz, $3::timestamptz)`,
    [
      account.id,
      JSON.stringify({ sub: account.id, email: account.email, email_verified: true, phone_verified: false }),
      createdAt,
    ],
  );
}

/** The demo owner's PIX key (her phone) and city, so a client's fiado reminder carries a PIX code at once. */
export const DEMO_PIX = { chave_pix: '+5581987654321', cidade: 'Recife' } as const;

export async function setPixKey(db: Queryable, userId: string, pix: { chave_pix: string; cidade: string }): Promise<void> {
  await db.query(`UPDATE public.users SET chave_pix = $2, cidade = $3 WHERE id = $1::uuid`, [userId, pix.chave_pix, pix.cidade]);
}

/**
 * The demo owner is on Premium for a year (or `until`): the catalogue is larger than the free plan's 50 products.
 */
export async function grantPremium(db: Queryable, userId: string, since: string, until?: string): Promise<void> {
  await db.query(
    `UPDATE public.users SET plano = 'premium', status_pagamento = 'ativo', data_inicio_plano = $2::timestamptz,
            data_fim_plano = coalesce($3::timestamptz, $2::timestamptz + interval '1 year'), created_at = $2::timestamptz
      WHERE id = $1::uuid`,
    [userId, since, until ?? null],
  );
}
