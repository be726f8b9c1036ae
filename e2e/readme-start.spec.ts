// The README's first command on a clean checkout: `npm start` with no data folder, on spare ports, serves the app
// and the local stack, the demo owner and the demo admin sign in, the app opens and signs the owner in, and
// Ctrl+C stops everything cleanly.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { cleanCheckout, freePort } from './clean-checkout.ts';

const OWNER = { email: 'dono@caderneta.demo', password: 'caderneta123' };
const ADMIN = { email: 'admin@caderneta.demo', password: 'admin12345' };
/** Settings a developer's shell might carry that would point `npm start` somewhere else than the README says. */
const STRAY_SETTINGS = [
  'DATABASE_URL',
  'STACK_DATA_DIR',
  'SUPABASE_PUBLIC_URL',
  'SITE_URL',
  'TRUSTED_PROXIES',
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_ANON_KEY',
];

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** True while any process of the group is alive. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

test('npm start on a clean checkout serves the app and the stack with the demo logins, and stops on Ctrl+C', async ({ page }) => {
  test.setTimeout(180_000);
  const checkout = await cleanCheckout();
  const appPort = await freePort();
  let stackPort = await freePort();
  while (stackPort === appPort) stackPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const stackUrl = `http://127.0.0.1:${stackPort}`;
  expect(existsSync(join(checkout.dir, '.data'))).toBe(false);

  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !STRAY_SETTINGS.includes(name)),
  );
  env.APP_PORT = String(appPort);
  env.PORT = String(stackPort);
  // Its own process group, as a terminal gives it: Ctrl+C reaches npm, the stack and the app server alike.
  const started = spawn('npm', ['start'], { cwd: checkout.dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const group = started.pid ?? 0;
  let output = '';
  started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) => {
    started.once('exit', (code, signal) => {
      resolve(code ?? signal);
    });
  });

  try {
    // Both URLs answer (the first run migrates, seeds the demo shop and builds the app).
    const deadline = Date.now() + 150_000;
    while (!((await answers(`${stackUrl}/auth/v1/health`)) && (await answers(appUrl)))) {
      if (started.exitCode !== null) throw new Error(`npm start saiu com ${started.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start não respondeu a tempo:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(existsSync(join(checkout.dir, '.data', 'stack'))).toBe(true);
    // It prints where things are and the logins, as the README says.
    await expect.poll(() => output, { timeout: 10_000 }).toContain(`App:            ${appUrl}`);
    expect(output).toContain(`Supabase local: ${stackUrl}`);
    expect(output).toContain(`${OWNER.email} / ${OWNER.password}`);
    expect(output).toContain(`${ADMIN.email} / ${ADMIN.password}`);

    const supabase = createClient(stackUrl, await signServiceKey(DEFAULT_JWT_SECRET, 'anon'), {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as never },
    });
    const owner = await supabase.auth.signInWithPassword(OWNER);
    expect(owner.error).toBeNull();
    expect(owner.data.user?.email).toBe(OWNER.email);
    const admin = await supabase.auth.signInWithPassword(ADMIN);
    expect(admin.error).toBeNull();
    expect(admin.data.user?.app_metadata.role).toBe('admin');

    // The built app is the one talking to this stack: the demo owner signs in through it.
    await page.goto(`${appUrl}/login`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Senha', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    // A new browser first receives the demo shop's data ('Baixando seus dados…'); the greeting follows.
    await expect(page.getByRole('heading', { level: 1, name: /^Olá, .+!$/ })).toBeVisible({ timeout: 60_000 });
    await page.close();

    // Ctrl+C: npm ends as a terminal's Ctrl+C ends it (by the signal; it hides the script's own code), after the
    // script said it closed the app server and the stack, and nothing of the group survives.
    process.kill(-group, 'SIGINT');
    expect([0, 130, 'SIGINT']).toContain(await exited);
    expect(output.trimEnd().endsWith('Caderneta encerrada.')).toBe(true);
    expect(output).not.toMatch(/npm error|Error:|\[stack\]/);
    await expect.poll(() => groupAlive(group), { timeout: 10_000 }).toBe(false);
    expect(await answers(`${stackUrl}/auth/v1/health`)).toBe(false);
    expect(await answers(appUrl)).toBe(false);
  } finally {
    // Whatever a failure left running (the whole group: npm, the stack, the app server).
    if (groupAlive(group)) process.kill(-group, 'SIGKILL');
    await checkout.remove();
  }
});
