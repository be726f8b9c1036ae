// `npm start`: the local Supabase-compatible stack with demo data, and the built app served beside it.
import { spawn, spawnSync } from 'node:child_process';
import { startStack } from '../supabase/local/stack.ts';
import { describeLogins, seedDemo } from '../supabase/seed/seed.ts';

const APP_PORT = Number(process.env.APP_PORT ?? 4173);
const appUrl = `http://127.0.0.1:${APP_PORT}`;

const stack = await startStack({ siteUrl: appUrl });
// First run: the demo shop and the demo admin (a database that has them is left as is).
const seeded = await seedDemo(stack.db);
if (seeded.created) console.info('Dados de demonstração criados.');

console.info('\nConstruindo o app…');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
  env: { ...process.env, VITE_SUPABASE_URL: stack.url, VITE_SUPABASE_ANON_KEY: stack.anonKey },
});
if (build.status !== 0) {
  await stack.close();
  process.exit(build.status ?? 1);
}

const preview = spawn(
  'npx',
  ['vite', 'preview', '--port', String(APP_PORT), '--strictPort', '--host', '127.0.0.1', '--logLevel', 'warn'],
  {
    stdio: 'inherit',
  },
);

console.info(`
Caderneta está no ar
  App:            ${appUrl}
  Supabase local: ${stack.url}
  Caixa de email: ${stack.url}/mail
Logins de demonstração:
${describeLogins(seeded.accounts)}
Ctrl+C encerra.`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  preview.kill('SIGTERM');
  await stack.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
preview.on('exit', () => void stop());
