// `npm start`: the local Supabase-compatible stack with demo data, and the built app served beside it.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startStack } from '../supabase/local/stack.ts';
import { describeLogins, seedDemo } from '../supabase/seed/seed.ts';

const APP_PORT = Number(process.env.APP_PORT ?? 4173);
/** Vite's own entry point, run with this Node: no npx or shell in between to swallow signals. */
const VITE = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
const appUrl = `http://127.0.0.1:${APP_PORT}`;

const stack = await startStack({ siteUrl: appUrl });
// First run: the demo shop and the demo admin (a database that has them is left as is).
const seeded = await seedDemo(stack.db);
if (seeded.created) console.info('Dados de demonstração criados.');

console.info('\nConstruindo o app…');
const build = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
  env: { ...process.env, VITE_SUPABASE_URL: stack.url, VITE_SUPABASE_ANON_KEY: stack.anonKey },
});
if (build.status !== 0) {
  await stack.close();
  process.exit(build.status ?? 1);
}

const preview = spawn(
  process.execPath,
  [VITE, 'preview', '--port', String(APP_PORT), '--strictPort', '--host', '127.0.0.1', '--logLevel', 'warn'],
  { stdio: 'inherit' },
);
const previewExited = new Promise<void>((resolve) => {
  preview.once('exit', () => {
    resolve();
  });
});

console.info(`
Caderneta está no ar
  App:            ${appUrl}
  Supabase local: ${stack.url}
  Caixa de email: ${stack.url}/mail
Logins de demonstração:
${describeLogins(seeded.accounts)}
Ctrl+C encerra.`);

let stopping = false;
/** Stops the app server and the stack, and exits once both are down (`code` 1 when the app server died alone). */
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  preview.kill('SIGTERM');
  await Promise.all([previewExited, stack.close()]);
  console.info('Caderneta encerrada.');
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
preview.on('exit', () => void stop(1));
