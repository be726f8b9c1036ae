// 'Exigir autenticação de dois fatores (2FA)' for admins (migration 0040): while it is on, an admin session that has
// not proved a second factor (aal1) is refused the admin procedures and reads, and is told it still has to; an aal2
// session of the same admin is served. Off, nothing changes for aal1.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let adminId: string;

beforeAll(async () => {
  stack = await startTestStack();
  adminId = randomUUID();
});

afterAll(async () => {
  await stack.close();
});

/** The admin acting from a session at `aal`. */
async function adminAt(aal: 'aal1' | 'aal2'): Promise<SupabaseClient> {
  return stack.client(await stack.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' }, aal }));
}

async function requireSecondFactor(on: boolean): Promise<void> {
  await stack.db.query(
    `UPDATE public.system_settings SET value = jsonb_set(value, '{require_2fa}', to_jsonb($1::boolean)) WHERE key = 'security_settings'`,
    [on],
  );
}

/** What the admin area's first figures answer: the revenue, or the refusal's code. */
async function revenueAnswer(client: SupabaseClient): Promise<string> {
  const { error } = await client.rpc('admin_monthly_revenue');
  return error ? error.code : 'ok';
}

async function settingsSeen(client: SupabaseClient): Promise<number> {
  const { data } = await client.from('system_settings').select('key');
  return data?.length ?? 0;
}

async function stillOwesSecondFactor(client: SupabaseClient): Promise<unknown> {
  const answer: { data: unknown; error: unknown } = await client.rpc('segundo_fator_pendente');
  expect(answer.error).toBeNull();
  return answer.data;
}

it('refuses an aal1 admin session while 2FA is required, and serves it again at aal2', async () => {
  const aal1 = await adminAt('aal1');
  const aal2 = await adminAt('aal2');
  const owner = stack.client(await stack.mintUserToken(randomUUID()));

  await requireSecondFactor(false);
  expect(await revenueAnswer(aal1)).toBe('ok');
  expect(await settingsSeen(aal1)).toBeGreaterThan(0);
  expect(await stillOwesSecondFactor(aal1)).toBe(false);

  await requireSecondFactor(true);
  expect(await revenueAnswer(aal1)).toBe('42501');
  expect(await settingsSeen(aal1)).toBe(0);
  expect(await stillOwesSecondFactor(aal1)).toBe(true);

  expect(await revenueAnswer(aal2)).toBe('ok');
  expect(await settingsSeen(aal2)).toBeGreaterThan(0);
  expect(await stillOwesSecondFactor(aal2)).toBe(false);

  // An owner is no admin either way, and owes nothing.
  expect(await revenueAnswer(owner)).toBe('42501');
  expect(await stillOwesSecondFactor(owner)).toBe(false);
  await requireSecondFactor(false);
});
