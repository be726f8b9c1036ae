// Payments and the account's standing, through the official supabase-js against the local stack and its payment
// sandbox: a suspended or banned owner cannot open a checkout with a token that is still valid, and a payment
// (or the subscription's later events) never lifts a suspension the admin made while a checkout was open.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeFunction, sandboxForm } from '../support/payments.ts';
import { createOwner, registerDevice, signIn } from '../support/signed-in.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;

interface Profile {
  plano: string;
  status_pagamento: string;
  banned: boolean;
}

async function profileOf(userId: string): Promise<Profile | undefined> {
  const { rows } = await stack.db.query<Profile>(
    `SELECT u.plano, u.status_pagamento, coalesce(a.banned_until > now(), false) AS banned
       FROM public.users u JOIN auth.users a ON a.id = u.id WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

/** An owner signed in through Auth on a registered device, as the app signs in. */
async function ownerClient(): Promise<{ id: string; client: SupabaseClient }> {
  const { email } = await createOwner(stack, 'pagamento');
  const device = await signIn(stack, email);
  expect((await registerDevice(device)).error).toBeNull();
  return { id: device.userId, client: device.client };
}

const suspend = (userId: string) =>
  stack.db.query(`UPDATE public.users SET status_pagamento = 'suspenso' WHERE id = $1`, [userId]);
const ban = (userId: string) =>
  stack.db.query(`UPDATE auth.users SET banned_until = now() + interval '1 day' WHERE id = $1`, [userId]);

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

describe('checkout and the account standing', () => {
  it('refuses a suspended or a banned owner (403); an owner in good standing gets the payment page', async () => {
    const suspended = await ownerClient();
    const banned = await ownerClient();
    const fine = await ownerClient();
    await suspend(suspended.id);
    await ban(banned.id);
    for (const owner of [suspended, banned]) {
      const answer = await invokeFunction(stack, owner.client, 'checkout', { plan: 'monthly' });
      expect(answer.status, owner.id).toBe(403);
      expect(answer.body).toMatchObject({ success: false, error: expect.stringMatching(/suspensa/) as unknown });
    }
    const opened = await invokeFunction(stack, fine.client, 'checkout', { plan: 'monthly' });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      success: true,
      url: expect.stringContaining('/functions/v1/payment-sandbox?t=') as unknown,
    });
  });

  it('paying a checkout opened before a suspension or a ban leaves the account suspended or banned', async () => {
    const suspended = await ownerClient();
    const banned = await ownerClient();
    const links = new Map<string, string>();
    for (const owner of [suspended, banned]) {
      const opened = await invokeFunction(stack, owner.client, 'checkout', { plan: 'monthly' });
      links.set(owner.id, (opened.body as { url: string }).url);
    }
    await suspend(suspended.id);
    await ban(banned.id);
    for (const owner of [suspended, banned]) {
      const paid = await sandboxForm(links.get(owner.id) ?? '', 'pay');
      expect(paid.status, owner.id).toBe(303);
    }
    // The payment is the owner's (premium and recorded); the admin's decision stands.
    expect(await profileOf(suspended.id)).toEqual({ plano: 'premium', status_pagamento: 'suspenso', banned: false });
    expect(await profileOf(banned.id)).toMatchObject({ plano: 'premium', banned: true });
    const { rows } = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM public.planos_pagamentos WHERE user_id = $1 AND status = 'pago'`,
      [suspended.id],
    );
    expect(rows[0]?.n).toBe(1);
    // Nor do the subscription's later events (the portal's cancellation) lift the suspension.
    await stack.db.query(`UPDATE public.users SET status_pagamento = 'ativo' WHERE id = $1`, [suspended.id]);
    const portal = await invokeFunction(stack, suspended.client, 'customer-portal', {});
    expect(portal.status).toBe(200);
    await suspend(suspended.id);
    expect((await sandboxForm((portal.body as { url: string }).url, 'cancel-subscription')).status).toBe(303);
    expect(await profileOf(suspended.id)).toEqual({ plano: 'premium', status_pagamento: 'suspenso', banned: false });
  });
});
