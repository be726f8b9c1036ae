// The payment functions' secrets on the local stack: the webhook's signing secret (STRIPE_WEBHOOK_SECRET) and
// the sandbox's link key (PAYMENT_SANDBOX_SECRET), each its own setting; when unset, random and kept in the stack's
// data folder (new for each stack without one). Never derived from anything public such as the service-role key.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface PaymentSecrets {
  STRIPE_WEBHOOK_SECRET: string;
  PAYMENT_SANDBOX_SECRET: string;
}

const SECRETS_FILE = 'payment-secrets.json';

function randomSecrets(): PaymentSecrets {
  return {
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64url')}`,
    PAYMENT_SANDBOX_SECRET: randomBytes(32).toString('base64url'),
  };
}

function isSecrets(value: unknown): value is PaymentSecrets {
  if (typeof value !== 'object' || value === null) return false;
  const { STRIPE_WEBHOOK_SECRET: webhook, PAYMENT_SANDBOX_SECRET: sandbox } = value as Record<string, unknown>;
  return typeof webhook === 'string' && webhook.length >= 32 && typeof sandbox === 'string' && sandbox.length >= 32;
}

/** The secrets kept in `dataDir`, made on first use; new ones every call without a folder. */
async function keptSecrets(dataDir: string | undefined): Promise<PaymentSecrets> {
  if (!dataDir) return randomSecrets();
  const file = join(dataDir, SECRETS_FILE);
  try {
    const stored: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isSecrets(stored)) return stored;
  } catch {
    // none yet (or unreadable): made anew below
  }
  const made = randomSecrets();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  return made;
}

/** Each secret from its setting in `env`, else the data folder's own. */
export async function paymentSecrets(dataDir: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<PaymentSecrets> {
  const kept = await keptSecrets(dataDir);
  return {
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET || kept.STRIPE_WEBHOOK_SECRET,
    PAYMENT_SANDBOX_SECRET: env.PAYMENT_SANDBOX_SECRET || kept.PAYMENT_SANDBOX_SECRET,
  };
}
