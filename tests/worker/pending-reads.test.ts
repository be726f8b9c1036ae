// What the pending count reads. A restart checks again only what may have changed since the last one: the documents
// pending then and those written since; a pull's writes are the server's state and are not read back. Checking
// every document the device holds (the whole window at 100,000 sales) kept IndexedDB busy for seconds after every
// start and through a first download. The count stays right: a change written while the app was closed is counted.
import { randomUUID } from 'node:crypto';
import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientesDoc } from '../../schemas/index.ts';
import { openLocalDatabase, type LocalDatabase } from '../../workers/db/local-database.ts';
import { trackPending, type PendingTracker } from '../../workers/sync/pending.ts';

const userId = randomUUID();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

function client(nome: string): ClientesDoc {
  const at = new Date().toISOString();
  return { id: randomUUID(), user_id: userId, nome, is_fiado: false, created_at: at, updated_at: at };
}

/** Replicates the clients to a server that takes every push (online) or refuses them all (offline), and has
 * `served` to pull (in one page). */
function replicate(
  database: LocalDatabase,
  online: boolean,
  served: ClientesDoc[] = [],
): RxReplicationState<ClientesDoc, unknown> {
  const state = replicateRxCollection<ClientesDoc, unknown>({
    collection: database.clientes,
    replicationIdentifier: 'pendentes-reinicio',
    live: true,
    retryTime: 60_000,
    push: {
      batchSize: 50,
      handler: (rows) => (online ? Promise.resolve([]) : Promise.reject(new Error(`sem rede (${rows.length})`))),
    },
    pull: {
      batchSize: 1000,
      handler: (checkpoint) =>
        Promise.resolve(
          checkpoint === 'tudo'
            ? { documents: [], checkpoint }
            : { documents: served.map((doc) => ({ ...doc, _deleted: false })), checkpoint: 'tudo' },
        ),
    },
  });
  cleanups.push(() => state.cancel());
  return state;
}

function track(
  database: LocalDatabase,
  state: RxReplicationState<ClientesDoc, unknown>,
  options: Parameters<typeof trackPending>[1],
) {
  const tracker = trackPending(
    [
      {
        collection: database.clientes as unknown as RxCollection<unknown>,
        state: state as unknown as RxReplicationState<unknown, unknown>,
      },
    ],
    options,
  );
  cleanups.push(() => {
    tracker.close();
    return Promise.resolve();
  });
  return tracker;
}

const countOf = (tracker: PendingTracker, count: number) =>
  firstValueFrom(tracker.count$.pipe(filter((value) => value === count)));

describe('what the pending count reads', () => {
  it('after a restart: the documents pending before and those written since, not every document again', async () => {
    const database = await openLocalDatabase({
      userId,
      storage: getRxStorageMemory(),
      multiInstance: false,
      namePrefix: `pendentes-${randomUUID().slice(0, 8)}`,
    });
    cleanups.push(() => database.close());

    // A first run sends 120 clients; its check of the device ends after them.
    const first = replicate(database, true);
    await database.clientes.bulkInsert(Array.from({ length: 120 }, (_, index) => client(`Cliente ${index}`)));
    await first.awaitInSync();
    let kept = new Map<string, Set<string>>();
    const checked = new Map<string, unknown>();
    const before = track(database, first, {
      onChange: (pending) => (kept = new Map([...pending].map(([name, ids]) => [name, new Set(ids)]))),
      onChecked: (name, checkpoint) => checked.set(name, checkpoint),
    });
    await countOf(before, 0);
    await vi.waitFor(() => {
      expect(checked.has('clientes')).toBe(true);
    });
    before.close();
    await first.cancel();

    // Closed, then opened offline: one client added and one renamed meanwhile are what is waiting.
    const added = client('Maria');
    await database.clientes.insert(added);
    const renamed = await database.clientes.findOne({ selector: { nome: 'Cliente 7' } }).exec();
    await renamed?.incrementalPatch({ nome: 'Cliente sete' });
    const reads = vi.spyOn(database.clientes.storageInstance, 'findDocumentsById');
    const after = track(database, replicate(database, false), { initial: kept, checkedThrough: checked });
    await countOf(after, 2);
    expect([...(after.pendingIds().get('clientes') ?? [])].sort()).toEqual([added.id, renamed?.id].sort());
    const checkedIds = reads.mock.calls.flatMap(([ids]) => ids);
    expect(new Set(checkedIds)).toEqual(new Set([added.id, renamed?.id]));
  });

  it('adds no reads of its own to a first download', async () => {
    const served = Array.from({ length: 300 }, (_, index) => client(`Cliente ${index}`));
    /** The ids of the clients read from the device while it downloads them and sends one written here. */
    const readsOfDownload = async (counting: boolean) => {
      const database = await openLocalDatabase({
        userId,
        storage: getRxStorageMemory(),
        multiInstance: false,
        namePrefix: `baixados-${randomUUID().slice(0, 8)}`,
      });
      cleanups.push(() => database.close());
      const reads = vi.spyOn(database.clientes.storageInstance, 'findDocumentsById');
      const state = replicate(database, true, served);
      const tracker = counting ? track(database, state, {}) : null;
      await state.awaitInitialReplication();
      expect(await database.clientes.count().exec()).toBe(300);
      // A change made here after the download is still looked at, and counted until the server has it.
      const local = client('Maria');
      await database.clientes.insert(local);
      await state.awaitInSync();
      if (tracker) {
        await countOf(tracker, 0);
        await vi.waitFor(() => {
          expect(reads.mock.calls.flatMap(([ids]) => ids)).toContain(local.id);
        });
      }
      const read = reads.mock.calls.flatMap(([ids]) => ids).filter((id) => id !== local.id);
      tracker?.close();
      await state.cancel();
      await database.close();
      return read;
    };
    const replicationAlone = await readsOfDownload(false);
    expect(await readsOfDownload(true)).toEqual(replicationAlone);
  });
});
