// The local stack for end-to-end specs: a fresh PGlite folder per run, on the port the built app talks to
// by default, sending emailed links back to the preview, with the two demo logins of the README (accounts only,
// no shop data: the demo owner starts on the free plan). Started by playwright.config.ts's webServer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../supabase/local/stack.ts';
import { createAccount, DEMO_ACCOUNTS } from '../supabase/seed/accounts.ts';

const port = Number(process.env.E2E_STACK_PORT ?? 54321);
const siteUrl = process.env.E2E_SITE_URL ?? 'http://127.0.0.1:4173';
const dataDir = mkdtempSync(join(tmpdir(), 'caderneta-e2e-'));

// The specs may play a load balancer on loopback (X-Forwarded-For), e.g. a sign-in from an address an admin blocked;
// the browser never sends that header itself, so every other request is still the loopback peer.
const stack = await startStack({ port, dataDir, siteUrl, publicUrl: `http://127.0.0.1:${port}`, trustedProxies: ['127.0.0.1'] });
for (const account of DEMO_ACCOUNTS) await createAccount(stack.db, account, new Date().toISOString());
console.info(`stack e2e em ${stack.url} (dados em ${dataDir})`);

let closing = false;
async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  try {
    await stack.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
}
process.on('SIGINT', () => void close());
process.on('SIGTERM', () => void close());
