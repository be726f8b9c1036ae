// The device database opens from schemas/*.json, validates documents, and keeps each owner's data apart.
import { randomUUID } from 'node:crypto';
import { addRxPlugin } from 'rxdb';
import { disableWarnings, RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { collectionNames } from '../../schemas/index.ts';
import { openLocalDatabase, type LocalDatabase } from '../../workers/db/local-database.ts';

addRxPlugin(RxDBDevModePlugin);
disableWarnings();

const opened: LocalDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function open(userId: string): Promise<LocalDatabase> {
  const database = await openLocalDatabase({
    userId,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
    multiInstance: false,
    namePrefix: `teste-${randomUUID().slice(0, 8)}`,
  });
  opened.push(database);
  return database;
}

describe('local database', () => {
  it('creates every collection of schemas/, within the 13-collection limit', async () => {
    const database = await open(randomUUID());
    expect(Object.keys(database.collections).sort()).toEqual([...collectionNames].sort());
    expect(collectionNames.length).toBeLessThanOrEqual(13);
  });

  it('stores a valid product and refuses one that breaks the schema', async () => {
    const userId = randomUUID();
    const database = await open(userId);
    const now = new Date().toISOString();
    const product = {
      id: randomUUID(),
      user_id: userId,
      nome: 'Arroz 5 kg',
      preco: 27.9,
      unidade: 'un',
      created_at: now,
      updated_at: now,
    };
    await database.produtos.insert(product);
    expect((await database.produtos.findOne(product.id).exec())?.nome).toBe('Arroz 5 kg');
    await expect(database.produtos.insert({ ...product, id: randomUUID(), preco: -1 })).rejects.toThrow();
  });
});
