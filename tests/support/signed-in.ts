// Owners signed in through the stack's Auth service as the app signs them in (each sign-in is a new session,
// named by the JWT's `session_id`), and the owner writes the server's rules judge: REST, push and Storage.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from './stack.ts';

export const OWNER_PASSWORD = 'Senha@Forte1';

export interface SignedInDevice {
  userId: string;
  token: string;
  sessionId: string;
  client: SupabaseClient;
}

/** What an owner notices of one write: the HTTP status and, when refused, the Postgres code and message. */
export interface WriteOutcome {
  status: number;
  code: string | null;
  message: string | null;
}

/** A confirmed owner (free plan, in the 30-day trial) made with the admin API; returns the email. */
export async function createOwner(stack: TestStack, prefix: string): Promise<{ userId: string; email: string }> {
  const email = `${prefix}.${randomUUID().slice(0, 8)}@teste.dev`;
  const { data, error } = await stack.serviceClient().auth.admin.createUser({
    email,
    password: OWNER_PASSWORD,
    email_confirm: true,
    user_metadata: { nome: 'Dona Teste', nome_mercado: 'Mercadinho Teste' },
  });
  if (error) throw error;
  return { userId: data.user.id, email };
}

/** Signs in with the password (a new session); the device is not registered yet. */
export async function signIn(stack: TestStack, email: string): Promise<SignedInDevice> {
  const { data, error } = await stack.client().auth.signInWithPassword({ email, password: OWNER_PASSWORD });
  if (error) throw error;
  const token = data.session.access_token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { session_id: string };
  return { userId: data.user.id, token, sessionId: claims.session_id, client: stack.client(token) };
}

/** register_user_session as the app calls it right after signing in. */
export function registerDevice(device: SignedInDevice, sessionId: string = device.sessionId) {
  return device.client.rpc('register_user_session', { p_session_token: sessionId, p_device_info: 'Chrome em Android' });
}

/** Inserts a client over REST. */
export async function restWrite(device: SignedInDevice): Promise<WriteOutcome> {
  const { status, error } = await device.client.from('clientes').insert({ id: randomUUID(), nome: 'Maria' });
  return { status, code: error?.code ?? null, message: error?.message ?? null };
}

/** Pushes one new client as a device's replication does; answers the codes of the refused rows. */
export async function pushWrite(device: SignedInDevice): Promise<string[]> {
  const now = new Date().toISOString();
  const result: { data: unknown; error: Error | null } = await device.client.rpc('replicate_push', {
    p_table: 'clientes',
    p_rows: [
      { doc: { id: randomUUID(), nome: 'João', is_fiado: false, created_at: now, updated_at: now }, assumed_modified: null },
    ],
  });
  if (result.error) throw new Error(`push: ${result.error.message}`);
  return (result.data as { rejected: { code: string }[] }).rejected.map((row) => row.code);
}

/** How many clients the owner has on the server (read with the service role). */
export async function serverClients(stack: TestStack, userId: string): Promise<number> {
  const { rows } = await stack.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM public.clientes WHERE user_id = $1`,
    [userId],
  );
  return rows[0]?.total ?? 0;
}
