// The replicated-table contract, read from the catalogue: every collection a device replicates (the one list,
// schemas/index.ts) has the replication columns, the indexes the pull walks, the `_modified` stamp, row-level
// security with the owner's policies, the Realtime publication and the grants; the tables devices write also have
// soft deletion and `conta_ativa` (no writes from a suspended, banned, deleted or expired account). A table made
// by `tornar_replicavel` (0036) passes, and loses the check as soon as one part of the contract is dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionNames, serverDerivedCollections } from '../../schemas/index.ts';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';

type Writer = 'aparelho' | 'servidor';

const REQUIRED_COLUMNS = ['id', 'user_id', 'created_at', 'updated_at', '_modified', '_deleted'];
const OWNER_WRITES = ['INSERT', 'UPDATE', 'DELETE'] as const;

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

async function names(sql: string, table: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(sql, [table]);
  return rows.map((row) => row.name);
}

/** Every part of the contract `table` lacks, worded so a failing test says what to add. */
async function contractGaps(table: string, writer: Writer): Promise<string[]> {
  const gaps: string[] = [];
  const columns = await names(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
    table,
  );
  for (const column of REQUIRED_COLUMNS) if (!columns.includes(column)) gaps.push(`column ${column}`);

  const indexes = await names(
    `SELECT string_agg(a.attname, ',' ORDER BY k.ord) AS name
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE n.nspname = 'public' AND t.relname = $1
      GROUP BY i.indexrelid`,
    table,
  );
  for (const index of ['_modified,id', 'user_id,_modified']) if (!indexes.includes(index)) gaps.push(`index (${index})`);

  const triggers = await names(
    `SELECT tg.tgname || ':' || p.proname AS name
       FROM pg_trigger tg
       JOIN pg_class t ON t.oid = tg.tgrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_proc p ON p.oid = tg.tgfoid
      WHERE n.nspname = 'public' AND t.relname = $1 AND NOT tg.tgisinternal AND tg.tgenabled <> 'D'`,
    table,
  );
  const expectedTriggers = ['carimbar_modified', ...(writer === 'aparelho' ? ['exclusao_logica', 'conta_ativa'] : [])];
  for (const trigger of expectedTriggers) if (!triggers.includes(`${trigger}:${trigger}`)) gaps.push(`trigger ${trigger}`);

  const { rows: security } = await db.query<{ rls: boolean; published: boolean }>(
    `SELECT c.relrowsecurity AS rls,
            EXISTS (SELECT 1 FROM pg_publication_tables p
                     WHERE p.pubname = 'supabase_realtime' AND p.schemaname = 'public' AND p.tablename = $1) AS published
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = $1`,
    [table],
  );
  if (!security[0]?.rls) gaps.push('row-level security');
  if (!security[0]?.published) gaps.push('publication supabase_realtime');

  const grant = async (role: string, privilege: string) => {
    const { rows } = await db.query<{ granted: boolean }>(
      `SELECT has_table_privilege($1, format('public.%I', $2::text), $3) AS granted`,
      [role, table, privilege],
    );
    return rows[0]?.granted === true;
  };
  for (const privilege of ['SELECT', ...OWNER_WRITES]) if (await grant('anon', privilege)) gaps.push(`no ${privilege} for anon`);
  if (!(await grant('authenticated', 'SELECT'))) gaps.push('SELECT for authenticated');
  for (const privilege of OWNER_WRITES) {
    const granted = await grant('authenticated', privilege);
    if (writer === 'aparelho' && !granted) gaps.push(`${privilege} for authenticated`);
    if (writer === 'servidor' && granted) gaps.push(`no ${privilege} for authenticated`);
  }

  const policies = await names(
    `SELECT policyname || ':' || cmd AS name FROM pg_policies WHERE schemaname = 'public' AND tablename = $1`,
    table,
  );
  const expectedPolicies = [
    'dono_le:SELECT',
    ...(writer === 'aparelho' ? ['dono_insere:INSERT', 'dono_altera:UPDATE', 'dono_exclui:DELETE'] : []),
  ];
  for (const policy of expectedPolicies) if (!policies.includes(policy)) gaps.push(`policy ${policy}`);
  return gaps;
}

const writerOf = (table: (typeof collectionNames)[number]): Writer =>
  serverDerivedCollections.has(table) ? 'servidor' : 'aparelho';

/** Parts a table leaves out on purpose, each with the migration that says why. */
const DELIBERATE_GAPS: Partial<Record<(typeof collectionNames)[number], string[]>> = {
  // 0022: notifications come from the server and the admin; an owner only reads or deletes them.
  notificacoes: ['policy dono_insere:INSERT'],
};

describe('every replicated table keeps the contract', () => {
  it.each(collectionNames.map((table) => [table, writerOf(table)] as const))('%s (written by %s)', async (table, writer) => {
    expect(await contractGaps(table, writer)).toEqual(DELIBERATE_GAPS[table] ?? []);
  });
});

describe('tornar_replicavel', () => {
  const createScratch = async (table: string) => {
    await db.exec(`
      CREATE TABLE public.${table} (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        nome text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        _modified timestamptz NOT NULL DEFAULT now(),
        _deleted boolean NOT NULL DEFAULT false
      )`);
  };

  it('gives a new table the whole contract, and the check names a part dropped afterwards', async () => {
    await createScratch('rascunho_aparelho');
    expect((await contractGaps('rascunho_aparelho', 'aparelho')).length).toBeGreaterThan(0);

    await db.exec(`CALL public.tornar_replicavel('rascunho_aparelho', 'aparelho')`);
    expect(await contractGaps('rascunho_aparelho', 'aparelho')).toEqual([]);
    // Idempotent: calling it again keeps the table as it is.
    await db.exec(`CALL public.tornar_replicavel('rascunho_aparelho', 'aparelho')`);
    expect(await contractGaps('rascunho_aparelho', 'aparelho')).toEqual([]);

    await db.exec('DROP TRIGGER conta_ativa ON public.rascunho_aparelho');
    expect(await contractGaps('rascunho_aparelho', 'aparelho')).toEqual(['trigger conta_ativa']);
  });

  it('makes a server-written table read-only to owners', async () => {
    await createScratch('rascunho_servidor');
    await db.exec(`CALL public.tornar_replicavel('rascunho_servidor', 'servidor')`);
    expect(await contractGaps('rascunho_servidor', 'servidor')).toEqual([]);
    expect(await contractGaps('rascunho_servidor', 'aparelho')).toEqual(
      expect.arrayContaining(['trigger conta_ativa', 'INSERT for authenticated', 'policy dono_insere:INSERT']),
    );
  });

  it('refuses a table without the replication columns', async () => {
    await db.exec('CREATE TABLE public.sem_colunas (id uuid PRIMARY KEY, _modified timestamptz, _deleted boolean)');
    await expect(db.exec(`CALL public.tornar_replicavel('sem_colunas', 'aparelho')`)).rejects.toMatchObject({
      code: '42703',
    });
  });
});
