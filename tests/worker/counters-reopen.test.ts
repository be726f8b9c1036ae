// Opening the counters again and again reads the facts since the cut, and the facts written since the last opening
// once: never the older part of the window again. A new device pulls today's facts first and the older ones after
// (later in the database's own order), so a checkpoint taken only from what one opening read would fall back behind
// them, and every second opening would read the whole window again.
import { randomUUID } from 'node:crypto';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalDatabase, type LocalDatabase } from '../../workers/db/local-database.ts';
import { followCounters } from '../../workers/ledger/live-counters.ts';
import { formatHlc } from '../../workers/sync/hlc.ts';

const NOW = Date.parse('2026-11-29T15:00:00Z');
const CUT = Date.parse('2026-11-29T03:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const opened: LocalDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

/** Stock entries of one unit of `productId`, stamped at these instants. */
async function entriesAt(database: LocalDatabase, userId: string, productId: string, instants: readonly number[]) {
  const at = new Date(NOW).toISOString();
  const { error } = await database.historico_estoque.bulkInsert(
    instants.map((ms, counter) => ({
      id: randomUUID(),
      user_id: userId,
      produto_id: productId,
      tipo: 'entrada' as const,
      quantidade: 1,
      hlc: formatHlc({ physical: ms, counter, node: 'balcao' }),
      created_at: at,
      updated_at: at,
      server_modified: at,
    })),
  );
  expect(error).toEqual([]);
}

describe('the counters opened again', () => {
  it('read the older part of the window once, not at every second opening', async () => {
    const userId = randomUUID();
    const database = await openLocalDatabase({
      userId,
      storage: getRxStorageMemory(),
      multiInstance: false,
      namePrefix: `reabrir-${randomUUID().slice(0, 8)}`,
    });
    opened.push(database);
    const productId = randomUUID();
    const at = new Date(NOW).toISOString();
    // As a new device receives them: the base and today's entries, then the older part of the window.
    await database.bases_contadores.insert({
      id: randomUUID(),
      user_id: userId,
      tipo: 'estoque',
      ref_id: productId,
      valor: 40,
      corte: new Date(CUT).toISOString(),
      ultima_contagem_hlc: '',
      created_at: at,
      updated_at: at,
      server_modified: at,
    });
    await entriesAt(database, userId, productId, [CUT + 60_000, CUT + 120_000]);
    await entriesAt(
      database,
      userId,
      productId,
      Array.from({ length: 40 }, (_, index) => CUT - (index + 1) * DAY),
    );

    const reads: number[] = [];
    for (let opening = 0; opening < 4; opening += 1) {
      const counters = followCounters(database);
      await counters.ready;
      // The base holds the forty older entries; today's two are added to it.
      expect(counters.stockOf(productId)).toBe(42);
      reads.push(counters.readAtOpen().facts);
      await counters.close();
    }
    // The first opening has no checkpoint yet: the second reads what was written after the facts it read.
    expect(reads).toEqual([2, 42, 2, 2]);
  });
});
