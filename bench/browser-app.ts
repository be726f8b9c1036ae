// What the Chromium benches share: their own stack (free port, PGlite in a temp folder or a Postgres database they
// name, seeded before it serves), a build of the app pointed at it (VITE_SUPABASE_URL is baked in at build time, and
// dist/ talks to 54321, the test suite's stack), a preview on another free port and Chromium; all removed after, also
// when a step fails or the run is interrupted.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { openDatabase, type Database } from '../supabase/local/db/database.ts';
import { applyMigrations } from '../supabase/local/db/migrate.ts';
import { startStack, type RunningStack } from '../supabase/local/stack.ts';

/** The test suite's preview and stack ports: never taken here. */
const RESERVED_PORTS = new Set([4173, 54321]);
const ROOT = join(import.meta.dirname, '..');

/** The value below which `p` percent of `values` fall (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => {
          resolve(typeof address === 'object' && address ? address.port : 0);
        });
      });
    });
    if (port > 0 && !RESERVED_PORTS.has(port)) return port;
  }
}

/** `vite build` of the app into `outDir`, talking to `stack` (the URL is baked into the bundle at build time). */
async function buildFor(stack: RunningStack, outDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: ROOT,
      env: { ...process.env, VITE_SUPABASE_URL: stack.url, VITE_SUPABASE_ANON_KEY: stack.anonKey },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build saiu com ${String(code)}`);
}

/** Signs in through the login page and waits until the service worker holds the app shell. */
export async function signInAt(page: Page, site: string, email: string, password: string): Promise<void> {
  await page.goto(`${site}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

export interface BrowserApp {
  readonly stack: RunningStack;
  /** The preview's address (the app). */
  readonly site: string;
  /** The build's folder (to find a chunk by name). */
  readonly outDir: string;
  readonly browser: Browser;
}

export interface BrowserAppOptions {
  /** The stack's database: this Postgres database instead of PGlite in a temp folder. */
  databaseUrl?: string;
  /** Runs on the migrated database before the stack serves it (seeding without the Realtime capture running). */
  prepare?: (db: Database) => Promise<void>;
}

/** Runs `work` against a fresh stack, build, preview and browser named `name`, and removes them all after. */
export async function withBrowserApp<T>(
  name: string,
  work: (app: BrowserApp) => Promise<T>,
  options: BrowserAppOptions = {},
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `caderneta-bench-${name}-dados-`));
  const outDir = mkdtempSync(join(tmpdir(), `caderneta-bench-${name}-dist-`));
  const removeDirs = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  };
  // Interrupted from the terminal: the temp folders go too (the browser dies with this process).
  const onSignal = () => {
    removeDirs();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let db: Database | undefined;
  let stack: RunningStack | undefined;
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  try {
    const [stackPort, previewPort] = [await freePort(), await freePort()];
    const site = `http://127.0.0.1:${previewPort}`;
    // databaseUrl '' keeps the stack on PGlite in dataDir even when the environment names a Postgres server.
    const databaseUrl = options.databaseUrl ?? '';
    if (options.prepare) {
      db = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
      await applyMigrations(db);
      await options.prepare(db);
    }
    stack = await startStack(
      { port: stackPort, dataDir, databaseUrl, siteUrl: site, publicUrl: `http://127.0.0.1:${stackPort}` },
      db ? { db, skipMigrations: true } : {},
    );
    await buildFor(stack, outDir);
    server = await preview({
      configFile: false,
      root: ROOT,
      logLevel: 'silent',
      build: { outDir },
      preview: { port: previewPort, strictPort: true, host: '127.0.0.1' },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    return await work({ stack, site, outDir, browser });
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await stack?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    removeDirs();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
