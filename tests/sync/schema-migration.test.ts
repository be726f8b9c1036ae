// A device holding documents of an older schema version migrates them in place when the app updates:
// nothing is lost, the documents take the new shape, and they still replicate as before.
import { randomUUID } from 'node:crypto';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { describe, expect, it } from 'vitest';
import { collectionSchemas, type CollectionSchema } from '../../schemas/index.ts';
import { openLocalDatabase } from '../../workers/db/local-database.ts';

describe('schema versions', () => {
  it('migrates a device database of an older version in place', async () => {
    const storage = getRxStorageMemory();
    const userId = randomUUID();
    const namePrefix = `migra-${randomUUID().slice(0, 8)}`;
    const current = collectionSchemas.clientes;
    // The version this device was installed with: the phone kept formatted, with punctuation.
    const properties = { ...current.properties, telefone: { type: ['string', 'null'], maxLength: 20 } };
    const older = await openLocalDatabase({
      userId,
      storage,
      multiInstance: false,
      namePrefix,
      overrides: { clientes: { schema: { ...current, properties } } },
    });
    const now = new Date().toISOString();
    for (let i = 0; i < 50; i++) {
      await older.clientes.insert({
        id: randomUUID(),
        user_id: userId,
        nome: `Cliente ${i}`,
        telefone: `(11) 9${String(i).padStart(4, '0')}-0000`,
        is_fiado: false,
        created_at: now,
        updated_at: now,
      });
    }
    await older.close();

    // The next version stores digits only; its strategy converts what the device already holds.
    const next: CollectionSchema = { ...current, version: current.version + 1 };
    const upgraded = await openLocalDatabase({
      userId,
      storage,
      multiInstance: false,
      namePrefix,
      overrides: {
        clientes: {
          schema: next,
          migrationStrategies: {
            [current.version + 1]: (doc: { telefone?: string | null }) => ({
              ...doc,
              telefone: doc.telefone?.replace(/\D/g, '') ?? null,
            }),
          },
        },
      },
    });
    try {
      const docs = await upgraded.clientes.find().exec();
      expect(docs).toHaveLength(50);
      expect(docs.every((doc) => /^\d{10,11}$/.test(doc.telefone ?? ''))).toBe(true);
      expect(upgraded.clientes.schema.version).toBe(current.version + 1);
    } finally {
      await upgraded.close();
    }
  });
});
