// Every write is seen: RxDB emits no change when a document arrives already deleted (the tombstone of a sale this
// device never held, pulled from the server or handed over by a peer), so nothing that follows the change stream —
// a peer link's stream and push, the server push, the pending counts — would ever pass it on. This storage layer
// emits a deletion for each such write, so the tombstone travels on like any other change.
import type { RxStorage, RxStorageInstance, RxStorageInstanceCreationParams } from 'rxdb';
import { getPrimaryFieldOfPrimaryKey, randomToken } from 'rxdb';
import { Subject, merge, share, type Observable } from 'rxjs';

type ChangeBulk<Doc, Internals, Options> =
  ReturnType<RxStorageInstance<Doc, Internals, Options>['changeStream']> extends Observable<infer Bulk> ? Bulk : never;

export function withTombstoneEvents<Internals, Options>(storage: RxStorage<Internals, Options>): RxStorage<Internals, Options> {
  return {
    ...storage,
    name: `tombstone-events-${storage.name}`,
    async createStorageInstance<Doc>(params: RxStorageInstanceCreationParams<Doc, Options>) {
      const instance = await storage.createStorageInstance<Doc>(params);
      const primaryPath = getPrimaryFieldOfPrimaryKey(params.schema.primaryKey);
      const silent = new Subject<ChangeBulk<Doc, Internals, Options>>();
      const changes = merge(instance.changeStream(), silent).pipe(share());
      const write = instance.bulkWrite.bind(instance);
      instance.bulkWrite = async (rows, context) => {
        const result = await write(rows, context);
        const refused = new Set(result.error.map((error) => error.documentId));
        const tombstones = rows
          .filter((row) => !row.previous && row.document._deleted && !refused.has(String(row.document[primaryPath])))
          .map((row) => row.document);
        const last = tombstones.at(-1);
        if (last) {
          silent.next({
            id: randomToken(10),
            context,
            checkpoint: { id: String(last[primaryPath]), lwt: last._meta.lwt },
            events: tombstones.map((document) => ({
              documentId: String(document[primaryPath]),
              operation: 'DELETE',
              documentData: document,
              // It arrived deleted: its state before this write is the same deleted state, to any reader.
              previousDocumentData: document,
            })),
          });
        }
        return result;
      };
      instance.changeStream = () => changes;
      return instance;
    },
  };
}
