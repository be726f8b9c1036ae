// 'Exportar meus dados': everything of the signed-in owner this device holds, collection by collection, read from
// the device's database (offline too) with the derived stock and balance beside the documents they belong to.
// The counters' bases are the server's fold of those documents, not the owner's data: they stay out.
import { collectionSchemas, ownerCollectionNames, type OwnerCollectionName } from '../../schemas/index.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';

/** One collection's documents as plain rows, without the device database's bookkeeping fields. */
export type BackupRow = Record<string, unknown>;

export interface BackupSnapshot {
  /** When it was taken (ISO text, UTC). */
  exportedAt: string;
  userId: string;
  /** Each collection's fields in schema order (a spreadsheet's header even when the collection is empty). */
  columns: Record<OwnerCollectionName, string[]>;
  tables: Record<OwnerCollectionName, BackupRow[]>;
}

/** The fields RxDB adds to every stored document; they mean nothing outside this device. */
const INTERNAL = new Set(['_meta', '_rev', '_attachments', '_deleted']);

function plainRow(document: Record<string, unknown>): BackupRow {
  return Object.fromEntries(Object.entries(document).filter(([field]) => !INTERNAL.has(field)));
}

export function createBackupDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      /** Every live (not deleted) document of the owner, by collection, each collection ordered by id. */
      async snapshot(): Promise<BackupSnapshot> {
        const workspace = await holder.current();
        await workspace.counters.ready;
        const entries = await Promise.all(
          ownerCollectionNames.map(async (name) => {
            const documents = await workspace.database[name].find({ sort: [{ id: 'asc' }] }).exec();
            const rows = documents.map((document) => {
              const row = plainRow(document.toJSON(true));
              const id = String(row.id);
              if (name === 'produtos') return { ...row, estoque: workspace.counters.stockOf(id) };
              if (name === 'clientes') return { ...row, saldo_devedor: workspace.counters.balanceOf(id) };
              return row;
            });
            return [name, rows] as const;
          }),
        );
        return {
          exportedAt: new Date(workspace.now()).toISOString(),
          userId: workspace.userId,
          columns: Object.fromEntries(
            ownerCollectionNames.map((name) => [
              name,
              Object.keys(collectionSchemas[name].properties).filter((field) => !INTERNAL.has(field)),
            ]),
          ) as Record<OwnerCollectionName, string[]>,
          tables: Object.fromEntries(entries) as Record<OwnerCollectionName, BackupRow[]>,
        };
      },
    },
  };
}
