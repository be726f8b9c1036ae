// A document that reaches a device already deleted (a product created and deleted on another phone while this one
// was away) is passed on like any other change: to a linked device's stream and to what counts pending changes.
import { randomUUID } from 'node:crypto';
import {
  addRxPlugin,
  createRxDatabase,
  now,
  rxStorageInstanceToReplicationHandler,
  type RxCollection,
  type RxDocumentData,
  type RxJsonSchema,
} from 'rxdb';
import { disableWarnings, RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { collectionSchemas, type ProdutosDoc } from '../../schemas/index.ts';
import { openLocalDatabase, type LocalDatabase } from '../../workers/db/local-database.ts';
import { migrationStrategies } from '../../workers/db/migrations.ts';
import { eventually } from './support/devices.ts';

addRxPlugin(RxDBDevModePlugin);
disableWarnings();

const opened: { close(): Promise<unknown> }[] = [];
const cancels: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cancel of cancels.splice(0)) await cancel();
  for (const database of opened.splice(0)) await database.close();
});

async function open(userId: string): Promise<LocalDatabase> {
  const database = await openLocalDatabase({
    userId,
    storage: getRxStorageMemory(),
    multiInstance: false,
    namePrefix: `lapide-${randomUUID().slice(0, 8)}`,
  });
  opened.push(database);
  return database;
}

/** Another device, reduced to its products (RxDB opens at most 13 collections at once). */
async function follower() {
  const database = await createRxDatabase<{ produtos: RxCollection<ProdutosDoc> }>({
    name: `seguidor-${randomUUID().slice(0, 8)}`,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
    multiInstance: false,
  });
  opened.push(database);
  await database.addCollections({
    produtos: {
      schema: collectionSchemas.produtos as unknown as RxJsonSchema<ProdutosDoc>,
      migrationStrategies: migrationStrategies.produtos,
    },
  });
  return database;
}

/** A product deleted elsewhere, as a replication writes it into a device that never held it. */
function tombstone(userId: string): RxDocumentData<ProdutosDoc> {
  const at = new Date().toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    nome: 'Sabão em pó',
    preco: 12.5,
    unidade: 'un',
    created_at: at,
    updated_at: at,
    _deleted: true,
    _attachments: {},
    _rev: '1-aaaaaaaaaa',
    _meta: { lwt: now() },
  };
}

describe('a document that arrives already deleted', () => {
  it('is announced on the change stream as a deletion, and no query shows it', async () => {
    const userId = randomUUID();
    const database = await open(userId);
    const instance = database.produtos.storageInstance;
    const doc = tombstone(userId);
    const announced = firstValueFrom(
      instance.changeStream().pipe(filter((bulk) => bulk.events.some((event) => event.documentId === doc.id))),
    );
    const result = await instance.bulkWrite([{ document: doc }], 'replication-downstream');
    expect(result.error).toEqual([]);
    const bulk = await announced;
    expect(bulk.events.map((event) => [event.documentId, event.operation])).toEqual([[doc.id, 'DELETE']]);
    expect(bulk.context).toBe('replication-downstream');
    expect(await database.produtos.count().exec()).toBe(0);
  });

  it('reaches a linked device that is already following this one', async () => {
    const userId = randomUUID();
    const [here, there] = [await open(userId), await follower()];
    const replication = replicateRxCollection({
      collection: there.produtos,
      replicationIdentifier: `lapide-${randomUUID()}`,
      live: true,
      waitForLeadership: false,
      pull: {
        handler: (checkpoint, size) =>
          rxStorageInstanceToReplicationHandler(here.produtos.storageInstance, here.produtos.conflictHandler, here.token)
            .masterChangesSince(checkpoint, size),
        stream$: rxStorageInstanceToReplicationHandler(
          here.produtos.storageInstance,
          here.produtos.conflictHandler,
          here.token,
        ).masterChangeStream$,
      },
    });
    cancels.push(() => replication.cancel());
    await replication.awaitInitialReplication();

    const doc = tombstone(userId);
    await here.produtos.storageInstance.bulkWrite([{ document: doc }], 'replication-downstream');
    await eventually(async () => {
      const [copy] = await there.produtos.storageInstance.findDocumentsById([doc.id], true);
      expect(copy?._deleted).toBe(true);
    }, 10_000);
  });
});
