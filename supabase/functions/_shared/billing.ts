// The card provider (Stripe) as the functions use it. Without STRIPE_SECRET_KEY the local payment sandbox
// plays the provider: same events, same signed webhook, so the webhook code path is the production one.
import Stripe from 'stripe';
import { readEnv } from './env.ts';

export type PlanPeriod = 'monthly' | 'yearly';
export const PLAN_PERIODS: readonly PlanPeriod[] = ['monthly', 'yearly'];
/** Premium prices (doc 2 §9): R$ 14,90 a month, R$ 143,00 a year. */
export const PRICE_CENTS: Record<PlanPeriod, number> = { monthly: 1490, yearly: 14300 };

export function isPlanPeriod(value: unknown): value is PlanPeriod {
  return value === 'monthly' || value === 'yearly';
}

interface BillingBase {
  readonly stripe: Stripe;
  /** The webhook's signing secret (STRIPE_WEBHOOK_SECRET); null when unset, and then every event is refused. */
  readonly webhookSecret: string | null;
  priceOf(period: PlanPeriod): string | undefined;
}

/**
 * The provider in force. `sandbox`: no provider key, on a local stack, with both of the sandbox's secrets (its
 * events are signed with the webhook's secret, its links with PAYMENT_SANDBOX_SECRET). `unavailable`: no provider
 * key where the sandbox may not run, or the sandbox without its secrets. No secret is ever derived from another
 * setting (the service-role key is public on a local stack).
 */
export type Billing =
  | (BillingBase & { readonly mode: 'stripe' | 'unavailable' })
  | (BillingBase & { readonly mode: 'sandbox'; readonly webhookSecret: string; readonly sandboxSecret: string });

/** The sandbox would hand out premium for free: only on a loopback stack, or when explicitly enabled. */
function sandboxAllowed(): boolean {
  if (readEnv('PAYMENT_SANDBOX') === 'true') return true;
  try {
    const host = new URL(readEnv('SUPABASE_URL') ?? '').hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  } catch {
    return false;
  }
}

export function billing(): Billing {
  const secretKey = readEnv('STRIPE_SECRET_KEY');
  const webhookSecret = readEnv('STRIPE_WEBHOOK_SECRET') || null;
  const sandboxSecret = readEnv('PAYMENT_SANDBOX_SECRET') || null;
  const base: BillingBase = {
    // The fetch client and the Web Crypto provider work on Deno and Node alike.
    stripe: new Stripe(secretKey || 'sk_test_sandbox', { httpClient: Stripe.createFetchHttpClient() }),
    webhookSecret,
    priceOf: (period) => readEnv(period === 'monthly' ? 'STRIPE_PRICE_MONTHLY' : 'STRIPE_PRICE_YEARLY') || undefined,
  };
  if (secretKey) return { ...base, mode: 'stripe' };
  if (sandboxAllowed() && webhookSecret && sandboxSecret) return { ...base, mode: 'sandbox', webhookSecret, sandboxSecret };
  return { ...base, mode: 'unavailable' };
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();
