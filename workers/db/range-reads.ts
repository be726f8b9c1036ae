// Queries on IndexedDB read an index range with a few `getAll` requests instead of a cursor stepped once per
// document. RxDB's Dexie storage walks a cursor, one round trip to the browser's storage process for each document:
// at 100,000 sales a warm start's dashboard read 3,000 rollup rows that way in 1.8 s (docs/growth.md §8). The same
// plan is kept (RxDB's index, key range, selector and sort); only how the rows leave IndexedDB changes.
import {
  getQueryMatcher,
  getSortComparator,
  type DexieStorageInternals,
  type PreparedQuery,
  type RxDocumentData,
  type RxStorage,
  type RxStorageInstance,
  type RxStorageQueryResult,
} from 'rxdb';
import {
  DEXIE_DOCS_TABLE_NAME,
  dexieReplaceIfStartsWithPipe,
  fromDexieToStorage,
  getKeyRangeByQueryPlan,
} from 'rxdb/plugins/storage-dexie';

/** A query that may stop early (a limit, in the index's order, with a selector to check) reads this many at least. */
const MIN_CHUNK = 64;

type DexieInstance<Doc> = RxStorageInstance<Doc, DexieStorageInternals, unknown>;

/** What a raw record holds at a dotted path ('_meta.lwt'). */
function valueAt(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.'))
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

/** The record's key in `index` (RxDB's indexes are compound and end with the primary key, so keys are unique). */
function keyOf(index: IDBIndex, record: unknown): IDBValidKey {
  const path = index.keyPath;
  return (Array.isArray(path) ? path.map((part) => valueAt(record, part)) : valueAt(record, path)) as IDBValidKey;
}

function request<T>(asked: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    asked.onsuccess = () => {
      resolve(asked.result);
    };
    asked.onerror = () => {
      reject(asked.error ?? new Error('IndexedDB request failed'));
    };
  });
}

/** Runs RxDB's plan for `prepared` over the instance's Dexie tables, reading the range in whole requests. */
export async function queryByRange<Doc>(
  instance: DexieInstance<Doc>,
  prepared: PreparedQuery<Doc>,
  keyRangeType: typeof IDBKeyRange,
): Promise<RxStorageQueryResult<Doc>> {
  const state = await instance.internals;
  const { query, queryPlan } = prepared;
  const skip = query.skip;
  const end = skip + (typeof query.limit === 'number' ? query.limit : Infinity);
  let range: IDBKeyRange;
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, keyRangeType) as IDBKeyRange;
  } catch (error) {
    // A plan whose start is after its end: nothing can match (as RxDB's own query answers).
    if (error instanceof Error && error.name === 'DataError') return { documents: [] };
    throw error;
  }
  const matches = queryPlan.selectorSatisfiedByIndex ? null : getQueryMatcher(instance.schema, query);
  // Only a limit taken in the index's own order can stop before the range's end.
  const stopsEarly = queryPlan.sortSatisfiedByIndex && Number.isFinite(end);
  const rows: RxDocumentData<Doc>[] = [];
  await state.dexieDb.transaction('r', state.dexieTable, async (transaction) => {
    const index = transaction.idbtrans
      .objectStore(DEXIE_DOCS_TABLE_NAME)
      .index(`[${queryPlan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`);
    let next: IDBKeyRange = range;
    for (;;) {
      const chunk = stopsEarly ? Math.max(end - rows.length, MIN_CHUNK) : undefined;
      const records = await request(index.getAll(next, chunk));
      for (const record of records) {
        const row = fromDexieToStorage<Doc>(state.booleanIndexes, record);
        if (!matches || matches(row)) rows.push(row);
      }
      if (chunk === undefined || records.length < chunk || rows.length >= end) break;
      const last = keyOf(index, records[records.length - 1]);
      next =
        range.upper === undefined
          ? keyRangeType.lowerBound(last, true)
          : keyRangeType.bound(last, range.upper, true, range.upperOpen);
    }
  });
  if (!queryPlan.sortSatisfiedByIndex) rows.sort(getSortComparator(instance.schema, query));
  return { documents: rows.slice(skip, end) };
}

/** `storage`'s instances, with their queries read by range (counts stay IndexedDB's own, by the index). */
export function withRangeReads<Internals, Options>(
  storage: RxStorage<Internals, Options>,
  keyRangeType: typeof IDBKeyRange = globalThis.IDBKeyRange,
): RxStorage<Internals, Options> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance(params) {
      const instance = await storage.createStorageInstance(params);
      const dexie = instance as unknown as DexieInstance<unknown>;
      instance.query = (prepared) => queryByRange(dexie, prepared, keyRangeType) as ReturnType<typeof instance.query>;
      return instance;
    },
  };
}
