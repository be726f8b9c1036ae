// What each provider event does to the owner's plan (users) and payment history (planos_pagamentos).
import type Stripe from 'stripe';
import { PRICE_CENTS, isPlanPeriod, type PlanPeriod } from './billing.ts';

export interface PlanChanges {
  plano: 'free' | 'premium';
  status_pagamento: 'ativo' | 'cancelado_mantem_acesso' | 'cancelado';
  data_fim_plano: string | null;
  data_inicio_plano?: string;
  payment_details?: Record<string, unknown>;
}

export interface PaymentRow {
  user_id: string;
  status: 'pago';
  plano: 'premium';
  periodo: PlanPeriod | null;
  valor: number;
  transacao_id: string;
}

export interface SubscriptionStore {
  setPlan(userId: string, changes: PlanChanges): Promise<void>;
  /** Idempotent on transacao_id: the provider may deliver an event twice. */
  recordPayment(row: PaymentRow): Promise<void>;
  /** Whether a payment with this transacao_id (a checkout session, an invoice) is already recorded. */
  paymentRecorded(transacaoId: string): Promise<boolean>;
  userIdOfCustomer(customerId: string): Promise<string | null>;
}

export interface EventContext {
  store: SubscriptionStore;
  /** Reads the subscription's period end from the provider (absent in the sandbox). */
  retrieveSubscription?: (id: string) => Promise<Stripe.Subscription>;
  now: Date;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

export function addPeriod(from: Date, period: PlanPeriod): Date {
  const end = new Date(from);
  if (period === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

function periodEndOf(subscription: Stripe.Subscription): string | null {
  const end = subscription.items.data[0]?.current_period_end;
  return end ? new Date(end * 1000).toISOString() : null;
}

async function userOf(
  ctx: EventContext,
  metadata: Stripe.Metadata | null | undefined,
  customer: string | null,
): Promise<string | null> {
  const fromMetadata = metadata?.user_id;
  if (fromMetadata) return fromMetadata;
  return customer ? ctx.store.userIdOfCustomer(customer) : null;
}

async function checkoutCompleted(session: Stripe.Checkout.Session, ctx: EventContext): Promise<boolean> {
  const userId = session.client_reference_id ?? session.metadata?.user_id ?? null;
  if (!userId || session.payment_status === 'unpaid') return false;
  // A session completes once: delivered again (or replayed) after the plan moved on, it changes nothing.
  if (await ctx.store.paymentRecorded(session.id)) return true;
  const period = isPlanPeriod(session.metadata?.plan) ? session.metadata.plan : 'monthly';
  const subscriptionId = idOf(session.subscription);
  const customerId = idOf(session.customer);
  let end = addPeriod(ctx.now, period).toISOString();
  if (subscriptionId && ctx.retrieveSubscription) end = periodEndOf(await ctx.retrieveSubscription(subscriptionId)) ?? end;
  await ctx.store.setPlan(userId, {
    plano: 'premium',
    status_pagamento: 'ativo',
    data_inicio_plano: ctx.now.toISOString(),
    data_fim_plano: end,
    payment_details: { provider: 'stripe', customer_id: customerId, subscription_id: subscriptionId, plan: period },
  });
  await ctx.store.recordPayment({
    user_id: userId,
    status: 'pago',
    plano: 'premium',
    periodo: period,
    valor: (session.amount_total ?? PRICE_CENTS[period]) / 100,
    transacao_id: session.id,
  });
  return true;
}

/** The subscription's current state applied to the plan (webhook events, and the status re-check). */
export async function subscriptionChanged(
  subscription: Stripe.Subscription,
  ctx: EventContext,
  deleted: boolean,
): Promise<boolean> {
  const userId = await userOf(ctx, subscription.metadata, idOf(subscription.customer));
  if (!userId) return false;
  const end = periodEndOf(subscription);
  const live =
    !deleted && (subscription.status === 'active' || subscription.status === 'trialing' || subscription.status === 'past_due');
  if (live) {
    await ctx.store.setPlan(userId, {
      plano: 'premium',
      status_pagamento: subscription.cancel_at_period_end ? 'cancelado_mantem_acesso' : 'ativo',
      data_fim_plano: end,
    });
  } else {
    // Access ends now: the owner falls back to the free plan (with its expired trial, as the server decides).
    await ctx.store.setPlan(userId, { plano: 'free', status_pagamento: 'cancelado', data_fim_plano: ctx.now.toISOString() });
  }
  return true;
}

async function invoicePaid(invoice: Stripe.Invoice, ctx: EventContext): Promise<boolean> {
  if (invoice.billing_reason !== 'subscription_cycle') return false;
  const details = invoice.parent?.subscription_details ?? null;
  const userId = await userOf(ctx, details?.metadata, idOf(invoice.customer));
  if (!userId) return false;
  const line = invoice.lines.data[0];
  const end = line ? new Date(line.period.end * 1000).toISOString() : null;
  const period = isPlanPeriod(details?.metadata?.plan) ? details.metadata.plan : null;
  await ctx.store.setPlan(userId, { plano: 'premium', status_pagamento: 'ativo', data_fim_plano: end });
  await ctx.store.recordPayment({
    user_id: userId,
    status: 'pago',
    plano: 'premium',
    periodo: period,
    valor: invoice.amount_paid / 100,
    transacao_id: invoice.id,
  });
  return true;
}

/** Applies one verified event; false when it does not concern a plan. */
export async function applyEvent(event: Stripe.Event, ctx: EventContext): Promise<boolean> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(event.data.object, ctx);
    case 'customer.subscription.updated':
      return subscriptionChanged(event.data.object, ctx, false);
    case 'customer.subscription.deleted':
      return subscriptionChanged(event.data.object, ctx, true);
    case 'invoice.paid':
      return invoicePaid(event.data.object, ctx);
    default:
      return false;
  }
}
