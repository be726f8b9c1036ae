// The payment functions' secrets and links against the local stack, through the official supabase-js: the
// webhook's signing secret and the sandbox's link key are settings of their own (random per stack data folder when
// unset), never derived from the public service-role key; a sandbox link works once and not after it goes stale
// (a clear Portuguese page says so); the owner returns only to the configured site URL or an allowed address,
// whatever Origin the request carries.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { cryptoProvider } from '../../supabase/functions/_shared/billing.ts';
import { signToken } from '../../supabase/functions/_shared/sandbox-token.ts';
import { listen, type HttpFrontDoor } from '../../supabase/local/http.ts';
import { createFunctionsService } from '../../supabase/local/functions/service.ts';
import { paymentSecrets } from '../../supabase/local/functions/secrets.ts';
import { invokeFunction, sandboxForm, sandboxPayload } from '../support/payments.ts';
import { createOwner, registerDevice, signIn } from '../support/signed-in.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;

/** An owner signed in through Auth on a registered device, as the app signs in. */
async function ownerClient(): Promise<{ id: string; token: string; client: SupabaseClient }> {
  const { email } = await createOwner(stack, 'links');
  const device = await signIn(stack, email);
  expect((await registerDevice(device)).error).toBeNull();
  return { id: device.userId, token: device.token, client: device.client };
}

async function planOf(userId: string): Promise<string | undefined> {
  const { rows } = await stack.db.query<{ plano: string }>(`SELECT plano FROM public.users WHERE id = $1`, [userId]);
  return rows[0]?.plano;
}

async function checkoutLink(client: SupabaseClient, origin?: string): Promise<string> {
  const opened = await invokeFunction(stack, client, 'checkout', { plan: 'monthly' }, origin);
  expect(opened.status).toBe(200);
  return (opened.body as { url: string }).url;
}

/** What any stack would have used as its sandbox key before: a hash of the service-role key everyone knows. */
function keyDerivedFromServiceRole(): string {
  return createHash('sha256').update(`caderneta-sandbox:${stack.serviceRoleKey}`).digest('hex');
}

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

describe('payment secrets', () => {
  it('an event signed with a key derived from the service-role key is refused, and applies nothing', async () => {
    const owner = await ownerClient();
    const payload = JSON.stringify({
      id: 'evt_forjado',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_forjado',
          object: 'checkout.session',
          payment_status: 'paid',
          client_reference_id: owner.id,
          metadata: { user_id: owner.id, plan: 'yearly' },
          amount_total: 14300,
        },
      },
    });
    const stripe = new Stripe('sk_test_sandbox', { httpClient: Stripe.createFetchHttpClient() });
    const secret = `whsec_${keyDerivedFromServiceRole().slice(0, 32)}`;
    const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider });
    const answer = await fetch(`${stack.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(answer.status).toBe(400);
    expect(await planOf(owner.id)).toBe('free');
  });

  it('a sandbox link signed with a key derived from the service-role key is refused', async () => {
    const owner = await ownerClient();
    const real = await checkoutLink(owner.client);
    const forged = await signToken(sandboxPayload(real), keyDerivedFromServiceRole());
    const page = await fetch(`${stack.url}/functions/v1/payment-sandbox?t=${encodeURIComponent(forged)}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Este link de pagamento é inválido.');
    expect((await sandboxForm(real, 'pay', forged)).status).toBe(400);
    expect(await planOf(owner.id)).toBe('free');
  });

  it('are explicit settings, or random and kept per stack data folder', async () => {
    const folders = [
      await mkdtemp(join(tmpdir(), 'caderneta-pagamentos-')),
      await mkdtemp(join(tmpdir(), 'caderneta-pagamentos-')),
    ];
    try {
      const [first = '', second = ''] = folders;
      const kept = await paymentSecrets(first, {});
      expect(kept.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_[A-Za-z0-9_-]{32,}$/);
      expect(kept.PAYMENT_SANDBOX_SECRET).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(kept.PAYMENT_SANDBOX_SECRET).not.toBe(kept.STRIPE_WEBHOOK_SECRET.slice(6));
      expect(await paymentSecrets(first, {})).toEqual(kept);
      const other = await paymentSecrets(second, {});
      expect(other.STRIPE_WEBHOOK_SECRET).not.toBe(kept.STRIPE_WEBHOOK_SECRET);
      expect(other.PAYMENT_SANDBOX_SECRET).not.toBe(kept.PAYMENT_SANDBOX_SECRET);
      const memory = [await paymentSecrets(undefined, {}), await paymentSecrets(undefined, {})];
      expect(memory[0]?.PAYMENT_SANDBOX_SECRET).not.toBe(memory[1]?.PAYMENT_SANDBOX_SECRET);
      expect(
        await paymentSecrets(first, {
          STRIPE_WEBHOOK_SECRET: 'whsec_do_provedor',
          PAYMENT_SANDBOX_SECRET: 'chave-do-sandbox-definida',
        }),
      ).toEqual({ STRIPE_WEBHOOK_SECRET: 'whsec_do_provedor', PAYMENT_SANDBOX_SECRET: 'chave-do-sandbox-definida' });
    } finally {
      for (const folder of folders) await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('sandbox links', () => {
  it('a checkout link pays once: replayed after the plan went back to free it is refused and changes nothing', async () => {
    const owner = await ownerClient();
    const link = await checkoutLink(owner.client);
    expect((await sandboxForm(link, 'pay')).status).toBe(303);
    expect(await planOf(owner.id)).toBe('premium');
    // The subscription ends (the provider's deletion): back to the free plan.
    await stack.db.query(
      `UPDATE public.users SET plano = 'free', status_pagamento = 'cancelado', data_fim_plano = now() WHERE id = $1`,
      [owner.id],
    );
    const replayed = await sandboxForm(link, 'pay');
    expect(replayed.status).toBe(410);
    expect(await replayed.text()).toContain('Este link de pagamento já foi usado.');
    expect(await planOf(owner.id)).toBe('free');
    const page = await fetch(link);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('já foi usado');
  });

  it('a stale link (past its hour) is refused with its own page; a cancelled checkout can still be paid', async () => {
    const owner = await ownerClient();
    const stale = await checkoutLink(owner.client);
    const id = String(sandboxPayload(stale).id);
    await stack.db.query(`UPDATE public.payment_sandbox_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const refused = await sandboxForm(stale, 'pay');
    expect(refused.status).toBe(410);
    expect(await refused.text()).toContain('Este link de pagamento expirou.');
    expect(await planOf(owner.id)).toBe('free');

    const link = await checkoutLink(owner.client);
    expect((await sandboxForm(link, 'cancel')).status).toBe(303);
    expect((await sandboxForm(link, 'pay')).status).toBe(303);
    expect(await planOf(owner.id)).toBe('premium');
  });

  it('a portal link cancels once', async () => {
    const owner = await ownerClient();
    expect((await sandboxForm(await checkoutLink(owner.client), 'pay')).status).toBe(303);
    const portal = await invokeFunction(stack, owner.client, 'customer-portal', {});
    const link = (portal.body as { url: string }).url;
    expect((await sandboxForm(link, 'cancel-subscription')).status).toBe(303);
    const again = await sandboxForm(link, 'cancel-subscription');
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('já foi usado');
  });
});

describe('return addresses', () => {
  it("follow the site URL, never the request's Origin", async () => {
    const owner = await ownerClient();
    const link = await checkoutLink(owner.client, 'https://evil.example');
    const back = await sandboxForm(link, 'cancel');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${stack.config.siteUrl}/upgrade`);
    const paid = await sandboxForm(link, 'pay');
    expect(paid.headers.get('location')).toMatch(
      new RegExp(`^${stack.config.siteUrl}/account\\?status=success&session_id=cs_sandbox_`),
    );
    const portal = await invokeFunction(stack, owner.client, 'customer-portal', {}, 'https://evil.example');
    expect(sandboxPayload((portal.body as { url: string }).url).returnUrl).toBe(`${stack.config.siteUrl}/account`);
  });

  it('an Origin on the allow-list (ADDITIONAL_REDIRECT_URLS) is kept; any other falls back to the site URL', async () => {
    const service = createFunctionsService(
      { config: stack.config, db: stack.db },
      {
        env: {
          SITE_URL: 'http://127.0.0.1:4173',
          ADDITIONAL_REDIRECT_URLS: 'http://127.0.0.1:5273, https://loja.example/app/**',
        },
      },
    );
    await service.start?.();
    const door: HttpFrontDoor = await listen([service], 0);
    try {
      const owner = await ownerClient();
      // supabase-js pointed at the functions served with that allow-list (Auth and REST stay the stack's).
      const client = createClient(`http://127.0.0.1:${String(door.port)}`, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as unknown as never },
        global: { headers: { Authorization: `Bearer ${owner.token}` } },
      });
      const cancelUrlFrom = async (origin: string) => {
        const opened = await invokeFunction(stack, client, 'checkout', { plan: 'yearly' }, origin);
        expect(opened.status).toBe(200);
        return sandboxPayload((opened.body as { url: string }).url).cancelUrl;
      };
      expect(await cancelUrlFrom('http://127.0.0.1:5273')).toBe('http://127.0.0.1:5273/upgrade');
      expect(await cancelUrlFrom('http://127.0.0.1:5274')).toBe('http://127.0.0.1:4173/upgrade');
      // An entry with a path allows that path only.
      expect(await cancelUrlFrom('https://loja.example')).toBe('http://127.0.0.1:4173/upgrade');
    } finally {
      await door.close();
    }
  });
});
