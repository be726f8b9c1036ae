// End-to-end tests: Debian's Chromium drives the built app served locally (never a downloaded browser).
import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Both ports can move (E2E_PREVIEW_PORT, E2E_STACK_URL) so two runs can share a machine; the app must then be
 * built with VITE_SUPABASE_URL set to the same stack address. */
const PREVIEW_PORT = Number(process.env.E2E_PREVIEW_PORT ?? 4173);
/** The built app to serve (`vite build --outDir X`), so two runs can each serve their own build. */
const DIST = process.env.E2E_DIST ?? 'dist';
/** The local stack the built app reaches by default (VITE_SUPABASE_URL unset → http://127.0.0.1:54321). */
export const STACK_URL = process.env.E2E_STACK_URL ?? 'http://127.0.0.1:54321';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PREVIEW_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
    },
  ],
  webServer: [
    {
      command: `npx vite preview --outDir ${DIST} --port ${PREVIEW_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PREVIEW_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // Auth, REST and the mail outbox on a fresh data folder, for the account specs.
      command: 'node --import tsx e2e/account-stack.ts',
      url: `${STACK_URL}/auth/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { E2E_SITE_URL: `http://127.0.0.1:${PREVIEW_PORT}`, E2E_STACK_PORT: new URL(STACK_URL).port || '80' },
    },
  ],
});
