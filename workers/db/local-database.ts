// The device's own database (RxDB): one per signed-in owner, collections built from schemas/*.json.
import {
  addRxPlugin,
  createRxDatabase,
  type MigrationStrategies,
  type RxCollection,
  type RxDatabase,
  type RxJsonSchema,
  type RxStorage,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import {
  collectionNames,
  collectionSchemas,
  type CollectionDocs,
  type CollectionName,
  type CollectionSchema,
} from '../../schemas/index.ts';
import { conflictHandlerOf } from './merge-rules.ts';
import { migrationStrategies } from './migrations.ts';
import { withTombstoneEvents } from './tombstone-events.ts';
import { withDocumentValidation } from './validating-storage.ts';

addRxPlugin(RxDBMigrationSchemaPlugin);
addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBLocalDocumentsPlugin);

export type LocalCollections = { [Name in keyof CollectionDocs]: RxCollection<CollectionDocs[Name]> };
export type LocalDatabase = RxDatabase<LocalCollections>;

export interface LocalDatabaseOptions {
  /** The owner whose data this database holds; part of its name, so owners never share one. */
  userId: string;
  // RxDB's storage type is generic over its internals; any storage will do here.
  storage: RxStorage<unknown, unknown>;
  /** Several tabs of the same browser share the database and elect one leader to replicate. */
  multiInstance: boolean;
  /** Distinguishes devices simulated in one process (tests). */
  namePrefix?: string;
  /** Replaces schemas and strategies of some collections (tests of older versions migrating in place). */
  overrides?: Partial<Record<CollectionName, { schema: CollectionSchema; migrationStrategies?: MigrationStrategies }>>;
}

export async function openLocalDatabase(options: LocalDatabaseOptions): Promise<LocalDatabase> {
  const database = await createRxDatabase<LocalCollections>({
    name: `${options.namePrefix ?? 'caderneta'}-${options.userId.replaceAll('-', '')}`,
    // Nothing the server's checks would refuse is stored here: every write is checked against the schema.
    storage: withDocumentValidation(withTombstoneEvents(options.storage)),
    multiInstance: options.multiInstance,
    eventReduce: true,
    closeDuplicates: true,
    // Sync bookkeeping (refused documents) lives in local documents, which never replicate.
    localDocuments: true,
  });
  const collections = Object.fromEntries(
    collectionNames.map((name) => [
      name,
      {
        schema: (options.overrides?.[name]?.schema ?? collectionSchemas[name]) as unknown as RxJsonSchema<
          CollectionDocs[typeof name]
        >,
        migrationStrategies: options.overrides?.[name]?.migrationStrategies ?? migrationStrategies[name],
        conflictHandler: conflictHandlerOf<CollectionDocs[typeof name]>(name),
      },
    ]),
  );
  await database.addCollections(collections);
  return database;
}
