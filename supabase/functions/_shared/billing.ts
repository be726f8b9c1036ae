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

export interface Billing {
  /** `unavailable`: no provider key on a deployed project (the sandbox only runs on a local stack). */
  readonly mode: 'stripe' | 'sandbox' | 'unavailable';
  readonly stripe: Stripe;
  readonly webhookSecret: string;
  /** Secret that signs the sandbox's own links (never used with a real provider). */
  readonly sandboxSecret: string;
  priceOf(period: PlanPeriod): string | undefined;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

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

export async function billing(): Promise<Billing> {
  const secretKey = readEnv('STRIPE_SECRET_KEY');
  const serviceKey = readEnv('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const sandboxSecret = await sha256Hex(`caderneta-sandbox:${serviceKey}`);
  return {
    mode: secretKey ? 'stripe' : sandboxAllowed() ? 'sandbox' : 'unavailable',
    // The fetch client and the Web Crypto provider work on Deno and Node alike.
    stripe: new Stripe(secretKey || 'sk_test_sandbox', { httpClient: Stripe.createFetchHttpClient() }),
    webhookSecret: readEnv('STRIPE_WEBHOOK_SECRET') || `whsec_${sandboxSecret.slice(0, 32)}`,
    sandboxSecret,
    priceOf: (period) => readEnv(period === 'monthly' ? 'STRIPE_PRICE_MONTHLY' : 'STRIPE_PRICE_YEARLY') || undefined,
  };
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();
