// Queries on IndexedDB read by range (workers/db/range-reads.ts): every query answers exactly what RxDB's own Dexie
// storage answers (the same rows in the same order, deleted rows left out, limits, skips, sorts the index does not
// give, selectors it cannot check), and a query over a range reads it without stepping a cursor.
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBIndex, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type MangoQuery, type RxCollection, type RxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectionSchemas, type ResumosDiaDoc } from '../../schemas/index.ts';
import { seededRandom, type Random } from '../../supabase/seed/random.ts';
import { withRangeReads } from '../../workers/db/range-reads.ts';
import { NO_SALES } from '../../workers/reports/day-sums.ts';

const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07'];
const PRODUCTS = Array.from({ length: 12 }, () => randomUUID());

type Rollups = RxDatabase<{ resumos_dia: RxCollection<ResumosDiaDoc> }>;

const opened: Rollups[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  vi.restoreAllMocks();
});

/** The device's rollups (their schema and indexes) on their own in-memory IndexedDB, read by cursor or by range. */
async function open(byRange: boolean): Promise<Rollups> {
  const dexie = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
  const database: Rollups = await createRxDatabase({
    name: `faixa-${randomUUID()}`,
    storage: byRange ? withRangeReads(dexie, IDBKeyRange) : dexie,
    multiInstance: false,
  });
  await database.addCollections({
    resumos_dia: { schema: collectionSchemas.resumos_dia as unknown as RxJsonSchema<ResumosDiaDoc> },
  });
  opened.push(database);
  return database;
}

function rollupRows(random: Random, count: number): ResumosDiaDoc[] {
  const userId = randomUUID();
  const at = '2026-11-07T12:00:00.000Z';
  return Array.from({ length: count }, () => {
    const perProduct = random.chance(0.8);
    const vendas = perProduct ? 0 : random.int(0, 40);
    return {
      id: random.uuid(),
      user_id: userId,
      dia: random.pick(DAYS),
      produto_id: perProduct ? random.pick(PRODUCTS) : null,
      ...NO_SALES,
      vendas,
      total: random.int(0, 500_00) / 100,
      quantidade: random.int(0, 9000) / 1000,
      receita: random.int(0, 900_00) / 100,
      created_at: at,
      updated_at: at,
    };
  });
}

/** The same rows in both databases, some of them deleted afterwards. */
async function fill(databases: readonly Rollups[], rows: readonly ResumosDiaDoc[], deleted: readonly string[]) {
  for (const database of databases) {
    const { error } = await database.resumos_dia.bulkInsert(rows.map((row) => ({ ...row })));
    expect(error).toEqual([]);
    await database.resumos_dia.bulkRemove([...deleted]);
  }
}

function randomQuery(random: Random): MangoQuery<ResumosDiaDoc> {
  const from = random.pick(DAYS);
  const to = random.pick(DAYS);
  const selectors: MangoQuery<ResumosDiaDoc>['selector'][] = [
    {},
    { dia: from },
    { dia: { $gte: from, $lte: to } },
    { dia: { $gt: from, $lt: to } },
    { dia: { $in: [from, to] } },
    { dia: { $gte: from }, produto_id: null },
    { produto_id: random.pick(PRODUCTS) },
    { vendas: { $gt: random.int(0, 30) } },
    { dia: { $lte: to }, receita: { $gt: random.int(0, 800) } },
  ];
  const sorts: NonNullable<MangoQuery<ResumosDiaDoc>['sort']>[] = [
    [],
    [{ dia: 'asc' }],
    [{ dia: 'desc' }],
    [{ receita: 'desc' }, { id: 'asc' }],
    [{ id: 'asc' }],
  ];
  const query: MangoQuery<ResumosDiaDoc> = { selector: random.pick(selectors) };
  const sort = random.pick(sorts);
  if (sort.length > 0) query.sort = sort;
  if (random.chance(0.5)) query.limit = random.pick([1, 2, 5, 63, 64, 65, 130]);
  if (random.chance(0.3)) query.skip = random.int(0, 70);
  return query;
}

describe('queries read by range', () => {
  it('answer what the cursor answers, for seeded random rows and queries', async () => {
    for (const seed of [11, 23, 47]) {
      const random = seededRandom(seed);
      const [cursor, range] = [await open(false), await open(true)];
      const rows = rollupRows(random, 400);
      await fill(
        [cursor, range],
        rows,
        rows.filter(() => random.chance(0.15)).map((row) => row.id),
      );
      for (let round = 0; round < 120; round += 1) {
        const query = randomQuery(random);
        const [expected, answered] = await Promise.all(
          [cursor, range].map(async (database) => (await database.resumos_dia.find(query).exec()).map((doc) => doc.id)),
        );
        expect(answered, `seed ${seed}, ${JSON.stringify(query)}`).toEqual(expected);
      }
      for (const database of opened.splice(0)) await database.close();
    }
  });

  it('reads a day range in whole requests, without stepping a cursor', async () => {
    const random = seededRandom(5);
    const range = await open(true);
    const rows = rollupRows(random, 300);
    await fill([range], rows, []);
    const cursors = vi.spyOn(IDBIndex.prototype, 'openCursor');
    const week = await range.resumos_dia.find({ selector: { dia: { $gte: DAYS[0], $lte: DAYS[6] } } }).exec();
    const firstDay = await range.resumos_dia.findOne({ selector: { dia: DAYS[0], vendas: { $gt: 0 } } }).exec();
    expect(week).toHaveLength(300);
    expect(firstDay?.dia).toBe(DAYS[0]);
    expect(cursors).not.toHaveBeenCalled();
  });
});
