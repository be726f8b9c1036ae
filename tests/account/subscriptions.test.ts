// What the provider's events do to the plan, and the webhook signature round trip the sandbox relies on.
import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { cryptoProvider } from '../../supabase/functions/_shared/billing.ts';
import { readToken, signToken } from '../../supabase/functions/_shared/sandbox-token.ts';
import {
  addPeriod,
  applyEvent,
  type PaymentRow,
  type PlanChanges,
  type SubscriptionStore,
} from '../../supabase/functions/_shared/subscriptions.ts';

function memoryStore() {
  const plans = new Map<string, PlanChanges>();
  const payments = new Map<string, PaymentRow>();
  const store: SubscriptionStore = {
    setPlan: (userId, changes) => {
      plans.set(userId, { ...plans.get(userId), ...changes });
      return Promise.resolve();
    },
    recordPayment: (row) => {
      if (!payments.has(row.transacao_id)) payments.set(row.transacao_id, row);
      return Promise.resolve();
    },
    userIdOfCustomer: (customer) => Promise.resolve(customer === 'cus_1' ? 'user-1' : null),
    paymentRecorded: (transacaoId) => Promise.resolve(payments.has(transacaoId)),
  };
  return { store, plans, payments };
}

function event(type: string, object: Record<string, unknown>): Stripe.Event {
  return { id: 'evt_1', object: 'event', type, created: 0, livemode: false, data: { object } } as unknown as Stripe.Event;
}

const now = new Date('2026-11-22T12:00:00Z');

describe('subscription events', () => {
  it('a completed checkout makes the owner premium for the period and records the payment once', async () => {
    const { store, plans, payments } = memoryStore();
    const completed = event('checkout.session.completed', {
      id: 'cs_1',
      client_reference_id: 'user-1',
      customer: 'cus_1',
      subscription: 'sub_1',
      payment_status: 'paid',
      metadata: { user_id: 'user-1', plan: 'yearly' },
      amount_total: 14300,
    });
    await expect(applyEvent(completed, { store, now })).resolves.toBe(true);
    await applyEvent(completed, { store, now });
    // Delivered again after the plan moved on (the subscription ended): the session changes nothing.
    await store.setPlan('user-1', { plano: 'free', status_pagamento: 'cancelado', data_fim_plano: now.toISOString() });
    await expect(applyEvent(completed, { store, now })).resolves.toBe(true);
    expect(plans.get('user-1')).toMatchObject({ plano: 'free', status_pagamento: 'cancelado' });
    await store.setPlan('user-1', { plano: 'premium', status_pagamento: 'ativo', data_fim_plano: '2027-11-22T12:00:00.000Z' });
    expect(plans.get('user-1')).toMatchObject({
      plano: 'premium',
      status_pagamento: 'ativo',
      data_fim_plano: '2027-11-22T12:00:00.000Z',
      payment_details: { customer_id: 'cus_1', subscription_id: 'sub_1', plan: 'yearly' },
    });
    expect([...payments.values()]).toEqual([
      { user_id: 'user-1', status: 'pago', plano: 'premium', periodo: 'yearly', valor: 143, transacao_id: 'cs_1' },
    ]);
  });

  it('cancelling keeps access until the end of the period; deletion ends it', async () => {
    const { store, plans } = memoryStore();
    const end = Math.floor(new Date('2026-12-22T12:00:00Z').getTime() / 1000);
    const subscription = {
      id: 'sub_1',
      customer: 'cus_1',
      status: 'active',
      cancel_at_period_end: true,
      metadata: {},
      items: { data: [{ current_period_end: end }] },
    };
    await applyEvent(event('customer.subscription.updated', subscription), { store, now });
    expect(plans.get('user-1')).toMatchObject({
      plano: 'premium',
      status_pagamento: 'cancelado_mantem_acesso',
      data_fim_plano: '2026-12-22T12:00:00.000Z',
    });
    await applyEvent(event('customer.subscription.deleted', { ...subscription, status: 'canceled' }), { store, now });
    expect(plans.get('user-1')).toMatchObject({ plano: 'free', status_pagamento: 'cancelado' });
  });

  it('ignores events that do not concern a plan', async () => {
    const { store } = memoryStore();
    await expect(applyEvent(event('charge.refunded', {}), { store, now })).resolves.toBe(false);
  });

  it('monthly periods end one month later', () => {
    expect(addPeriod(new Date('2026-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(addPeriod(now, 'monthly').toISOString()).toBe('2026-12-22T12:00:00.000Z');
  });
});

describe('signatures', () => {
  it('a sandbox event signed with the webhook secret passes the provider SDK check, a forged one does not', async () => {
    const stripe = new Stripe('sk_test_sandbox', { httpClient: Stripe.createFetchHttpClient() });
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } });
    const header = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: 'whsec_teste', cryptoProvider });
    await expect(
      stripe.webhooks.constructEventAsync(payload, header, 'whsec_teste', undefined, cryptoProvider),
    ).resolves.toMatchObject({ id: 'evt_1' });
    await expect(
      stripe.webhooks.constructEventAsync(payload, header, 'whsec_outro', undefined, cryptoProvider),
    ).rejects.toThrow();
  });

  it('sandbox links are signed', async () => {
    const token = await signToken({ kind: 'checkout', plan: 'monthly' }, 'segredo');
    await expect(readToken(token, 'segredo')).resolves.toEqual({ kind: 'checkout', plan: 'monthly' });
    await expect(readToken(token, 'outro')).resolves.toBeNull();
    await expect(readToken(`${token.split('.')[0] ?? ''}.AAAA`, 'segredo')).resolves.toBeNull();
  });
});

describe('provider mode', () => {
  it('the sandbox only runs on a loopback stack (or when enabled) with its own secrets; a deployed project without a key is unavailable', async () => {
    const { billing } = await import('../../supabase/functions/_shared/billing.ts');
    const names = [
      'SUPABASE_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'PAYMENT_SANDBOX_SECRET',
      'SUPABASE_SERVICE_ROLE_KEY',
    ];
    const saved = new Map(names.map((name) => [name, process.env[name]]));
    try {
      for (const name of names) Reflect.deleteProperty(process.env, name);
      process.env.SUPABASE_URL = 'http://127.0.0.1:54321';
      process.env.SUPABASE_SERVICE_ROLE_KEY = 'chave-publica-do-cli';
      // Nothing is derived from the service-role key: without its own secrets the sandbox does not run.
      expect(billing()).toMatchObject({ mode: 'unavailable', webhookSecret: null });
      process.env.STRIPE_WEBHOOK_SECRET = 'whsec_local';
      process.env.PAYMENT_SANDBOX_SECRET = 'segredo-do-sandbox';
      expect(billing()).toMatchObject({ mode: 'sandbox', webhookSecret: 'whsec_local', sandboxSecret: 'segredo-do-sandbox' });
      process.env.SUPABASE_URL = 'https://abcd.supabase.co';
      expect(billing().mode).toBe('unavailable');
      process.env.STRIPE_SECRET_KEY = 'sk_test_x';
      expect(billing().mode).toBe('stripe');
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = value;
      }
    }
  });
});
