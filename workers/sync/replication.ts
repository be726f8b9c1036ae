// Replication of one collection with the server: RxDB's replication protocol over supabase-js, pulling by
// checkpoint (_modified, id), pushing a whole batch in one RPC that checks revisions, and streaming changes
// from Realtime so other devices' writes appear at once.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection, RxReplicationPullStreamItem, WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import type { CollectionSchema } from '../../schemas/index.ts';

export interface ReplicationCheckpoint {
  modified: string;
  id: string;
}

/** A document the server refused (another owner's id, the free plan's cap, an expired trial…). */
export interface RejectedDocument {
  id: string;
  code: string;
  message: string;
}

interface PushResponse {
  conflicts: Record<string, unknown>[];
  rejected: RejectedDocument[];
}

interface PullResponse {
  documents: Record<string, unknown>[];
}

export interface CollectionReplicationOptions<Doc> {
  collection: RxCollection<Doc>;
  table: string;
  schema: CollectionSchema;
  client: SupabaseClient;
  /** Identifies the server, so a device that switches backend starts over instead of mixing checkpoints. */
  serverUrl: string;
  batchSize?: number;
  /** Reports documents the server refused; they stay on the device. */
  onRejected?: (rejected: RejectedDocument[]) => void;
}

export interface CollectionReplication<Doc> {
  state: RxReplicationState<Doc, ReplicationCheckpoint>;
  /** Feeds a row seen on Realtime into the replication (the row as the server sent it). */
  receive(row: Record<string, unknown>): void;
  /** Asks for a pull from the last checkpoint (after a reconnect, or when events may have been missed). */
  resync(): void;
}

/** Server row → device document: keeps the schema's fields, the revision stamp as `server_modified`. */
export function fromServerRow<Doc>(row: Record<string, unknown>, schema: CollectionSchema): WithDeleted<Doc> {
  const document: Record<string, unknown> = {};
  for (const field of Object.keys(schema.properties)) {
    const value = row[field];
    if (value !== undefined && value !== null) document[field] = value;
    else if (value === null && isNullable(schema.properties[field])) document[field] = null;
  }
  document.server_modified = row._modified ?? null;
  document._deleted = row._deleted === true;
  return document as WithDeleted<Doc>;
}

function isNullable(property: unknown): boolean {
  const type = (property as { type?: unknown } | undefined)?.type;
  return Array.isArray(type) && type.includes('null');
}

/** Device document → server row: the revision stamp and the device's bookkeeping stay behind. */
export function toServerRow(document: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(document)) {
    if (field === 'server_modified' || field === '_meta' || field === '_rev' || field === '_attachments') continue;
    row[field] = value;
  }
  return row;
}

export function replicateCollection<Doc>(options: CollectionReplicationOptions<Doc>): CollectionReplication<Doc> {
  const { collection, table, schema, client } = options;
  const batchSize = options.batchSize ?? 500;
  const stream = new Subject<RxReplicationPullStreamItem<Doc, ReplicationCheckpoint>>();
  let lastCheckpoint: ReplicationCheckpoint | undefined;

  const state = replicateRxCollection<Doc, ReplicationCheckpoint>({
    collection,
    replicationIdentifier: `caderneta-${table}-${options.serverUrl}`,
    live: true,
    retryTime: 5000,
    waitForLeadership: true,
    autoStart: true,
    deletedField: '_deleted',
    pull: {
      batchSize,
      stream$: stream.asObservable(),
      handler: async (checkpoint, size) => {
        const response: { data: unknown; error: Error | null } = await client.rpc('replicate_pull', {
          p_table: table,
          p_after_modified: checkpoint?.modified ?? null,
          p_after_id: checkpoint?.id ?? null,
          p_limit: size,
        });
        if (response.error) throw new Error(`pull ${table}: ${response.error.message}`);
        const rows = (response.data as PullResponse).documents;
        const last = rows.at(-1);
        const next = last ? { modified: String(last._modified), id: String(last.id) } : checkpoint;
        if (next) lastCheckpoint = next;
        return {
          documents: rows.map((row) => fromServerRow<Doc>(row, schema)),
          checkpoint: next ?? { modified: '1970-01-01T00:00:00+00:00', id: '00000000-0000-0000-0000-000000000000' },
        };
      },
    },
    push: {
      batchSize,
      handler: async (rows) => {
        const payload = rows.map((row) => ({
          doc: toServerRow(row.newDocumentState as Record<string, unknown>),
          assumed_modified: (row.assumedMasterState as Record<string, unknown> | undefined)?.server_modified ?? null,
        }));
        const result: { data: unknown; error: Error | null } = await client.rpc('replicate_push', {
          p_table: table,
          p_rows: payload,
        });
        if (result.error) throw new Error(`push ${table}: ${result.error.message}`);
        const response = result.data as PushResponse;
        if (response.rejected.length > 0) options.onRejected?.(response.rejected);
        return response.conflicts.map((row) => fromServerRow<Doc>(row, schema));
      },
    },
  });

  return {
    state,
    receive(row) {
      // The checkpoint does not move on a streamed row: a slower transaction may still commit an earlier
      // `_modified`, and only the pull (bounded by the server's horizon) may advance past it.
      if (!lastCheckpoint) {
        stream.next('RESYNC');
        return;
      }
      stream.next({ documents: [fromServerRow<Doc>(row, schema)], checkpoint: lastCheckpoint });
    },
    resync() {
      stream.next('RESYNC');
    },
  };
}
