// The admin dashboard's figures against the local stack: MRR and ARR come from what owners really paid in the
// period (a paid monthly payment of the last 30 days, a twelfth of a paid yearly one of the last 365 days), never
// from the premium the admin grants for free; an admin's account is not counted as a user.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminDomain } from '../../workers/admin/handlers.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { createUser } from '../db/helpers.ts';
import { rowOf } from '../support/results.ts';
import { OWNER_PASSWORD } from '../support/signed-in.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let adminClient: SupabaseClient;
let admin: ReturnType<typeof createAdminDomain>['handlers'];

/** An admin made with the admin API (app_metadata role admin), signed in with the password, device registered. */
async function signedInAdmin(): Promise<SupabaseClient> {
  const email = `admin.${randomUUID().slice(0, 8)}@teste.dev`;
  const created = await stack.serviceClient().auth.admin.createUser({
    email,
    password: OWNER_PASSWORD,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  if (created.error) throw created.error;
  const { data, error } = await stack.client().auth.signInWithPassword({ email, password: OWNER_PASSWORD });
  if (error) throw error;
  const client = stack.client(data.session.access_token);
  rowOf(await client.rpc('register_user_session', { p_device_info: 'Vitest' }));
  return client;
}

async function paid(userId: string, values: { valor: number; periodo: 'monthly' | 'yearly'; daysAgo: number; status?: string }) {
  await stack.db.query(
    `INSERT INTO public.planos_pagamentos (user_id, status, plano, periodo, valor, created_at)
     VALUES ($1::uuid, $2, 'premium', $3, $4, now() - make_interval(days => $5))`,
    [userId, values.status ?? 'pago', values.periodo, values.valor, values.daysAgo],
  );
}

beforeAll(async () => {
  stack = await startTestStack();
  adminClient = await signedInAdmin();
  admin = createAdminDomain({ client: () => adminClient, connectivity: createManualConnectivity(true) }).handlers;
});
afterAll(async () => {
  await stack.close();
});

describe('the admin dashboard figures', () => {
  it('count owners only, and take MRR from real payments in their period, not from free grants', async () => {
    const granted = await createUser(stack.db);
    const monthly = await createUser(stack.db);
    const yearly = await createUser(stack.db);
    await admin.setPlan({ userId: granted, plan: 'premium' });
    await paid(monthly, { valor: 14.9, periodo: 'monthly', daysAgo: 10 });
    await paid(monthly, { valor: 14.9, periodo: 'monthly', daysAgo: 40 });
    await paid(monthly, { valor: 14.9, periodo: 'monthly', daysAgo: 2, status: 'pendente' });
    await paid(yearly, { valor: 149, periodo: 'yearly', daysAgo: 100 });
    await paid(yearly, { valor: 149, periodo: 'yearly', daysAgo: 400 });

    const figures = await admin.dashboard();
    expect(figures).toMatchObject({ totalUsers: 3, premiumUsers: 1, freeUsers: 2, newThisWeek: 3, conversion: 33.3 });
    // 14,90 of the monthly payment of 10 days ago + 149,00 / 12 of the yearly one of 100 days ago.
    expect(figures.mrr).toBe(27.32);
    expect(figures.arr).toBe(327.84);
  });
});
