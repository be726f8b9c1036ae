// The greatest stamp a device holds, found from its most recent facts: the same answer as reading every document,
// whether the newest is from the last hour, a year ago, years ago or ahead of the device's clock, deleted facts left out.
import { randomUUID } from 'node:crypto';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../supabase/seed/random.ts';
import { latestStamp } from '../../workers/db/latest-stamp.ts';
import { openLocalDatabase, type LocalDatabase } from '../../workers/db/local-database.ts';
import { formatHlc } from '../../workers/sync/hlc.ts';

const NOW = Date.parse('2026-11-29T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const opened: LocalDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

/** Opens a device database (the one opened before is closed: RxDB keeps few collections open at once). */
async function open(): Promise<{ database: LocalDatabase; userId: string }> {
  for (const database of opened.splice(0)) await database.close();
  const userId = randomUUID();
  const database = await openLocalDatabase({
    userId,
    storage: getRxStorageMemory(),
    multiInstance: false,
    namePrefix: `carimbo-${randomUUID().slice(0, 8)}`,
  });
  opened.push(database);
  return { database, userId };
}

const stampAt = (ms: number, counter = 0) => formatHlc({ physical: Math.floor(ms), counter, node: 'balcao' });

/** Stock facts stamped at these instants (ms); returns their stamps in the same order. */
async function stockFactsAt(database: LocalDatabase, userId: string, instants: readonly number[]): Promise<string[]> {
  const created = new Date(NOW).toISOString();
  const docs = instants.map((ms, index) => ({
    id: randomUUID(),
    user_id: userId,
    produto_id: randomUUID(),
    tipo: 'entrada' as const,
    quantidade: 1,
    hlc: stampAt(ms, index),
    created_at: created,
    updated_at: created,
  }));
  const { error } = await database.historico_estoque.bulkInsert(docs);
  expect(error).toEqual([]);
  return docs.map((doc) => doc.hlc);
}

describe('the latest stamp on the device', () => {
  it('is null for a collection with no facts', async () => {
    const { database } = await open();
    expect(await latestStamp(database, 'historico_estoque', NOW)).toBeNull();
    expect(await latestStamp(database, 'vendas', NOW)).toBeNull();
  });

  it('is the newest, however far back or ahead of the clock it lies', async () => {
    for (const instants of [
      [NOW - 3 * 60 * 60 * 1000, NOW - 10 * DAY],
      [NOW - 20 * DAY, NOW - 400 * DAY],
      [NOW - 800 * DAY, NOW - 3000 * DAY],
      [NOW - 2 * DAY, NOW + 3 * DAY],
    ]) {
      const { database, userId } = await open();
      const stamps = await stockFactsAt(database, userId, instants);
      expect(await latestStamp(database, 'historico_estoque', NOW)).toBe([...stamps].sort().at(-1));
    }
  });

  it('leaves a deleted fact out', async () => {
    const { database, userId } = await open();
    const [older, newest] = await stockFactsAt(database, userId, [NOW - 5 * DAY, NOW - 60 * 1000]);
    const doc = await database.historico_estoque.findOne({ selector: { hlc: newest } }).exec();
    await doc?.remove();
    expect(await latestStamp(database, 'historico_estoque', NOW)).toBe(older);
  });

  it('equals the greatest of every document read, over random histories (seeded)', async () => {
    // Seeded, so a failing case replays.
    const source = seededRandom(20261129);
    const random = () => source.next();
    for (let round = 0; round < 12; round += 1) {
      const { database, userId } = await open();
      const spanDays = [2, 30, 400, 2000][round % 4] ?? 2;
      const instants = Array.from({ length: 1 + Math.floor(random() * 40) }, () => NOW - random() * spanDays * DAY);
      const stamps = await stockFactsAt(database, userId, instants);
      const everyDocument = (await database.historico_estoque.find().exec()).map((doc) => doc.hlc).sort();
      expect(everyDocument).toEqual([...stamps].sort());
      expect(await latestStamp(database, 'historico_estoque', NOW)).toBe(everyDocument.at(-1));
    }
  });
});
