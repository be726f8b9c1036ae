// `npm run seed`: migrates the configured database (DATABASE_URL or the stack's PGlite folder) and writes the
// demo data once; prints the demo logins.
import { loadConfig } from '../local/config.ts';
import { openDatabase } from '../local/db/database.ts';
import { applyMigrations } from '../local/db/migrate.ts';
import { describeLogins, seedDemo } from './seed.ts';

const config = await loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await applyMigrations(db);
  const started = performance.now();
  const result = await seedDemo(db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(result.created ? `Dados de demonstração criados em ${seconds} s.` : 'Os dados de demonstração já existiam; nada foi alterado.');
  console.info(`Logins de demonstração:\n${describeLogins(result.accounts)}`);
} finally {
  await db.close();
}
