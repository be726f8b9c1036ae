// Compaction of the facts before the window (docs/growth.md §6): at start-up, before the counters, the sync engine
// and the peer links are wired, a device drops its copies of facts whose every day is before the window, when the
// server already holds them in that exact version and the counters' bases already hold what they count. The
// copies are deleted at the storage and purged at once, so no replication (server or peer) and no live query
// ever sees the deletion: the server and the peers keep theirs, and no figure moves.
import {
  createRevision,
  getComposedPrimaryKeyOfDocumentData,
  getRxReplicationMetaInstanceSchema,
  now,
  RX_META_LWT_MINIMUM,
  type RxCollection,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorageInstance,
  type RxStorageReplicationMeta,
} from 'rxdb';
import type { CollectionName } from '../../schemas/index.ts';
import type { LocalDatabase } from '../db/local-database.ts';
import { FACT_TABLES, baseOf, beforeCut, keysOf, versionOf, type CounterBase, type FactTable } from '../ledger/fold-rule.ts';
import { hlcPrefixAt } from './hlc.ts';
import { compactedCollections, surelyBeforeWindow } from './fact-days.ts';
import { comparable } from './pending.ts';
import { valuesEqual } from './merge.ts';
import { openOwedEchoes } from './owed-echoes.ts';
import { openRejectedStore } from './rejected-store.ts';
import { replicationIdentifierOf } from './replication.ts';
import { compareTimestamps } from './server-time.ts';

type Row = Record<string, unknown>;
type StoredRow = RxDocumentData<Row>;
type Meta = RxStorageReplicationMeta<Row, unknown>;

export interface CompactionOptions {
  database: LocalDatabase;
  /** The server the device replicates with (its replications' bookkeeping is named after it). */
  serverUrl: string;
  /** The window's first day (yyyy-MM-dd, the owner's day). */
  start: string;
}

/** How many copies each collection dropped. */
export type CompactionResult = Partial<Record<CollectionName, number>>;

const DAY_MS = 86_400_000;

const isFactTable = (name: CollectionName): name is FactTable => (FACT_TABLES as readonly string[]).includes(name);

/** The copies that may lie before the window, found by an index (a superset: each is checked afterwards). */
function candidateSelector(name: CollectionName, start: string): Record<string, unknown> {
  // Midnight UTC of the day after `start` is after the owner's start of that day, whatever her zone in Brazil.
  const after = Date.parse(`${start}T00:00:00Z`) + DAY_MS;
  switch (name) {
    case 'historico_estoque':
      return { hlc: { $lt: hlcPrefixAt(after) } };
    case 'fiado_lancamentos':
      return { created_at: { $lt: new Date(after).toISOString() } };
    default:
      return { data: { $lt: start } };
  }
}

/** The device's bases by counter. */
async function basesOf(database: LocalDatabase): Promise<Map<string, CounterBase>> {
  const docs = await database.bases_contadores.find().exec();
  return new Map(docs.map((doc) => baseOf(doc.toJSON(true))).map((base) => [base.key, base]));
}

/** Every counter the copy moves has a base that holds this very version (before its cut, stamped after it). */
function heldByBases(table: FactTable, doc: Row, bases: ReadonlyMap<string, CounterBase>): boolean {
  const version = versionOf(table, doc);
  return keysOf(version).every((key) => {
    const base = bases.get(key);
    return base !== undefined && beforeCut(version, base) && compareTimestamps(base.serverModified, version.serverModified) >= 0;
  });
}

/** The server replication's bookkeeping of a collection: what the server holds of each copy, and what was pushed. */
async function openReplicationMeta(
  database: LocalDatabase,
  name: CollectionName,
  serverUrl: string,
): Promise<RxStorageInstance<Meta, unknown, unknown>> {
  const collection = database.collections[name];
  const schema = getRxReplicationMetaInstanceSchema<Row, unknown>(
    collection.schema.jsonSchema as unknown as RxJsonSchema<StoredRow>,
    false,
  );
  return database.storage.createStorageInstance<Meta>({
    databaseName: database.name,
    collectionName: `rx-replication-meta-${await database.hashFunction([name, replicationIdentifierOf(name, serverUrl)].join('-'))}`,
    databaseInstanceToken: database.token,
    multiInstance: database.multiInstance,
    options: {},
    schema,
    devMode: false,
  });
}

/**
 * A compacted copy's deletion is stamped at the earliest write time there is: every reader of changes since a
 * checkpoint (the server's and the peers' replications, the counters) passes over it, even if the app stops
 * before the purge, and the purge takes these deletions alone.
 */
const COMPACTED_LWT = RX_META_LWT_MINIMUM;

/** Purges this collection's compacted copies (those of a compaction the app stopped in, too). */
async function purgeCompacted(storage: RxStorageInstance<StoredRow, unknown, unknown>): Promise<void> {
  // The storages purge deletions written before `now() - minimumDeletedTime`: here, before COMPACTED_LWT + 0.5.
  await storage.cleanup(now() - (COMPACTED_LWT + 0.5));
}

async function compactCollection(
  options: CompactionOptions,
  name: CollectionName,
  bases: ReadonlyMap<string, CounterBase>,
  kept: ReadonlySet<string>,
): Promise<number> {
  const { database } = options;
  // One collection among several of different document types: read as plain rows, as the sync engine does.
  const collection = database.collections[name] as unknown as RxCollection<Row>;
  // The storage itself, under RxDB's wrapper (which would stamp each write with the time of writing).
  const storage = collection.internalStorageInstance as RxStorageInstance<StoredRow, unknown, unknown>;
  const meta = await openReplicationMeta(database, name, options.serverUrl);
  try {
    const metaId = (itemId: string) => getComposedPrimaryKeyOfDocumentData(meta.schema, { itemId, isCheckpoint: '0' });
    await purgeCompacted(storage);

    const found = await collection.find({ selector: candidateSelector(name, options.start) }).exec();
    const candidates = found
      .map((doc) => doc.toJSON(true) as StoredRow)
      .filter(
        (doc) =>
          !kept.has(String(doc.id)) &&
          surelyBeforeWindow(name, doc, options.start) &&
          // A fact the counters fold must be a version the server stamped, held by the bases; an expense sent
          // with a day before the window never comes back stamped (the pull leaves it out): sent is enough.
          (isFactTable(name) ? typeof doc.server_modified === 'string' && heldByBases(name, doc, bases) : true),
      );
    if (candidates.length === 0) return 0;
    // Only what the server holds in this very version: sent or pulled, not edited since (the replication's
    // record of the server's version equals the copy), and not refused (a refusal leaves that record as sent).
    const masters = await meta.findDocumentsById(
      candidates.map((doc) => metaId(String(doc.id))),
      false,
    );
    // RxDB types the recorded version loosely: it is the document as the server holds it.
    const masterOf = new Map(masters.map((master): [string, Row] => [master.itemId, master.docData as Row]));
    const dropped = candidates.filter((doc) => {
      const master = masterOf.get(String(doc.id));
      return master !== undefined && valuesEqual(comparable(master), comparable(doc));
    });
    if (dropped.length === 0) return 0;
    const result = await storage.bulkWrite(
      dropped.map((doc) => ({
        previous: doc,
        document: {
          ...doc,
          _deleted: true,
          _rev: createRevision(database.token, doc),
          _meta: { ...doc._meta, lwt: COMPACTED_LWT },
        },
      })),
      'compaction',
    );
    // Purged at once: nothing that follows changes is wired yet, and nothing will find them afterwards.
    await purgeCompacted(storage);
    return dropped.length - result.error.length;
  } finally {
    await meta.close();
  }
}

/** Drops the copies of facts before the window that the server and the bases hold; how many per collection. */
export async function compactBeforeWindow(options: CompactionOptions): Promise<CompactionResult> {
  const bases = await basesOf(options.database);
  const rejected = (await openRejectedStore(options.database)).current();
  const owedEchoes = await openOwedEchoes(options.database);
  const result: CompactionResult = {};
  for (const name of compactedCollections) {
    // A refused copy, and one whose server version is still to be read back (it carries the stamp it was edited
    // from, not the server's), stay.
    const kept = new Set([
      ...rejected.filter((entry) => entry.table === name).map((entry) => entry.id),
      ...owedEchoes.initial(name).map((echo) => echo.id),
    ]);
    const count = await compactCollection(options, name, bases, kept);
    if (count > 0) result[name] = count;
  }
  return result;
}
