// `npm test`: every gate in order — types, lint, unit and integration tests on PGlite, the database-backed
// suites (schema, stack, sync) again on Postgres 15, the production build, then end-to-end tests in Chromium (among
// them the README's `npm start` on a clean checkout: e2e/readme-start.spec.ts). Stops at the first failure.
import { spawnSync } from 'node:child_process';
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

run('Tipos (tsc)', 'npx', ['tsc', '-b']);
run('Lint (eslint, zero avisos)', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('Testes unitários e de integração (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' });

if (await postgresReachable(postgresUrl)) {
  // Everything that runs on a database: the schema, the stack and the sync engine against the stack.
  run('Banco, stack e sincronização no Postgres 15', 'npx', ['vitest', 'run', 'tests/db', 'tests/stack', 'tests/sync'], {
    TEST_DATABASE_URL: postgresUrl,
  });
} else if (process.env.CI) {
  console.error(`✖ Postgres inacessível em ${postgresUrl}; o CI precisa dele (veja .ci/run).`);
  process.exit(1);
} else {
  console.warn(`⚠ Postgres inacessível em ${postgresUrl}: a segunda rodada (Postgres 15) foi pulada. Veja o README.`);
}

run('Build de produção', 'npx', ['vite', 'build']);
run('Ponta a ponta (Playwright + Chromium)', 'npx', ['playwright', 'test']);
