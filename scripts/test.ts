// `npm test`: every gate in order — types and lint (side by side), the unit tests, the database-backed suites
// (schema, stack, sync) on Postgres 15 when one answers (else on PGlite), the production build, then end-to-end tests
// in Chromium against a stack on that same engine (among them the README's `npm start` on a clean checkout, which
// runs on PGlite: e2e/readme-start.spec.ts). Stops at the first failure.
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';

const DEFAULT_POSTGRES_URL = 'postgres://caderneta:caderneta@127.0.0.1:5432/postgres';

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  console.info(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} falhou (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.info(`✔ ${title} (${seconds} s)`);
}

interface Finished {
  title: string;
  status: number | null;
  output: string;
  seconds: string;
}

function runQuietly(title: string, command: string, args: string[]): Promise<Finished> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: process.env });
    let output = '';
    const collect = (chunk: Buffer): void => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (status) => {
      resolve({ title, status, output, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

/** Gates that read the tree without touching each other run side by side (one core each); each prints when done. */
async function runSideBySide(gates: Array<{ title: string; command: string; args: string[] }>): Promise<void> {
  console.info(`\n▶ ${gates.map((gate) => gate.title).join(' + ')}`);
  const finished = await Promise.all(gates.map((gate) => runQuietly(gate.title, gate.command, gate.args)));
  for (const gate of finished) {
    if (gate.output.trim()) console.info(gate.output.trimEnd());
    console.info(`${gate.status === 0 ? '✔' : '✖'} ${gate.title} (${gate.seconds} s)`);
  }
  const failed = finished.find((gate) => gate.status !== 0);
  if (failed) {
    console.error(`✖ ${failed.title} falhou`);
    process.exit(failed.status ?? 1);
  }
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const postgresUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;

/** The suites that run on a database: the schema, the stack and the sync engine against the stack. */
const DATABASE_SUITES = ['tests/db', 'tests/stack', 'tests/sync'];

await runSideBySide([
  { title: 'Tipos (tsc)', command: 'npx', args: ['tsc', '-b'] },
  { title: 'Lint (eslint, zero avisos)', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
]);

const onPostgres = await postgresReachable(postgresUrl);
if (!onPostgres && process.env.CI) {
  console.error(`✖ Postgres inacessível em ${postgresUrl}; o CI precisa dele (veja .ci/run).`);
  process.exit(1);
}
if (onPostgres) {
  // The database suites run once, on the engine production runs; PGlite (the engine of `npm start`) still carries
  // the README's start check end to end.
  run('Testes unitários', 'npx', ['vitest', 'run', ...DATABASE_SUITES.flatMap((suite) => ['--exclude', `${suite}/**`])], {
    TEST_DATABASE_URL: '',
  });
  run('Banco, stack e sincronização no Postgres 15', 'npx', ['vitest', 'run', ...DATABASE_SUITES], {
    TEST_DATABASE_URL: postgresUrl,
  });
} else {
  console.warn(`⚠ Postgres inacessível em ${postgresUrl}: banco, stack e sincronização rodam no PGlite. Veja o README.`);
  run('Testes unitários e de integração (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' });
}

run('Build de produção', 'npx', ['vite', 'build']);
run('Ponta a ponta (Playwright + Chromium)', 'npx', ['playwright', 'test']);
