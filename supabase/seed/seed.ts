// seedDemo(db): the demo owner's shop (about 150 products, 40 clients with fiado, 90 days of sales, expenses,
// suppliers, notifications) and the demo admin, written once: a database that already has them is left as is.
import type { Database } from '../local/db/database.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_ADMIN,
  DEMO_OWNER,
  DEMO_PIX,
  accountExists,
  createAccount,
  grantPremium,
  setPixKey,
  type DemoAccount,
} from './accounts.ts';
import { demoClock } from './clock.ts';
import { planDemo } from './plan.ts';
import { writePlan } from './write.ts';

export interface SeedOptions {
  /** "Today" of the demo history (tests pin it); the real clock by default. */
  now?: Date;
  days?: number;
}

export interface SeedResult {
  /** False when the demo data was already there. */
  created: boolean;
  accounts: readonly DemoAccount[];
}

/** Any constant shared by every process that seeds: two first runs on one Postgres do not both seed. */
export const SEED_LOCK = 72_515_002;

export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const created = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await accountExists(tx, DEMO_OWNER)) return false;
    const opened = demoClock(now).at(-days, 8, 0).toISOString();
    await createAccount(tx, DEMO_OWNER, opened);
    await grantPremium(tx, DEMO_OWNER.id, opened);
    await setPixKey(tx, DEMO_OWNER.id, DEMO_PIX);
    if (!(await accountExists(tx, DEMO_ADMIN))) await createAccount(tx, DEMO_ADMIN, opened);
    await writePlan(tx, planDemo({ now, days }), DEMO_OWNER.id);
    return true;
  });
  return { created, accounts: DEMO_ACCOUNTS };
}

/** The lines `npm start` and `npm run seed` print so a newcomer can sign in. */
export function describeLogins(accounts: readonly DemoAccount[] = DEMO_ACCOUNTS): string {
  return accounts
    .map((account) => {
      const label = account.label ?? (account.role === 'admin' ? 'Administrador' : 'Dono da loja');
      return `  ${label.padEnd(13)}: ${account.email} / ${account.password}`;
    })
    .join('\n');
}
