// `npm run seed`: migrates the configured database (DATABASE_URL or the stack's PGlite folder) and writes the
// demo data once; `npm run seed -- --size large` also writes the large shop (a year, 100,000 sales) for its own
// owner. Prints the logins.
import { parseArgs } from 'node:util';
import { loadConfig } from '../local/config.ts';
import { openDatabase } from '../local/db/database.ts';
import { applyMigrations } from '../local/db/migrate.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { GROWTH_OWNER, LARGE_SHOP, seedGrowthOwner } from './growth.ts';
import { describeLogins, seedDemo } from './seed.ts';

const SIZES = ['small', 'large'];
const { values } = parseArgs({ options: { size: { type: 'string', default: 'small' } } });
if (!SIZES.includes(values.size)) {
  console.error(`Tamanho desconhecido: ${values.size}. Use --size small (padrão) ou --size large.`);
  process.exit(1);
}
const large = values.size === 'large';

const seconds = (since: number): string => ((performance.now() - since) / 1000).toFixed(1);
const config = await loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await applyMigrations(db);
  let started = performance.now();
  const result = await seedDemo(db);
  console.info(
    result.created
      ? `Dados de demonstração criados em ${seconds(started)} s.`
      : 'Os dados de demonstração já existiam; nada foi alterado.',
  );
  if (large) {
    started = performance.now();
    const grande = await seedGrowthOwner(db, GROWTH_OWNER, LARGE_SHOP);
    console.info(
      grande.counts
        ? `Loja grande criada em ${seconds(started)} s: ${grande.counts.sales} vendas em ${LARGE_SHOP.days} dias, ${grande.counts.products} produtos, ` +
            `${grande.counts.clients} clientes, ${grande.counts.stockFacts} movimentos de estoque, ${grande.counts.ledgerEntries} lançamentos de fiado, ` +
            `${grande.counts.expenses} despesas.`
        : 'A loja grande já existia; nada foi alterado.',
    );
  }
  console.info(`Logins de demonstração:\n${describeLogins(large ? [...DEMO_ACCOUNTS, GROWTH_OWNER] : result.accounts)}`);
} finally {
  await db.close();
}
