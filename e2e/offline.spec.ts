// After one visit, the app opens with the network off: the service worker serves the precached shell.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { expect, test } from '@playwright/test';

const PORT = 4183;
const ORIGIN = `http://127.0.0.1:${PORT}`;

async function startPreview(): Promise<ChildProcess> {
  const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(ORIGIN);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('vite preview did not start');
}

async function stopPreview(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return;
  process.kill(-server.pid, 'SIGTERM');
  await once(server, 'exit');
}

test('after one visit, a reload with the server gone and the network off still shows the app', async ({ page, context }) => {
  const server = await startPreview();
  try {
    await page.goto(ORIGIN);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Wait until the service worker has installed and precached the shell.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  } finally {
    await stopPreview(server);
  }
  const unreachable = await fetch(ORIGIN).then(
    () => false,
    () => true,
  );
  expect(unreachable).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('mercadinho');
  await expect(page.getByText('Offline. Ao conectar-se, as informações serão salvas na nuvem.')).toBeVisible();

  // Another page of the app opens offline too (client-side routes come from the same shell).
  await page.goto(`${ORIGIN}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await context.setOffline(false);
});
