// Cancelling a sale older than the window (docs/growth.md §6): the device does not hold it, so the change goes to
// the server (`cancelar_venda_antiga`, migration 0032) with the revision read, online only. The server's triggers
// move stock, balances, bases and rollups; the device receives them by its next pull, asked for at once.
import * as v from 'valibot';
import { DataError } from '../contract/errors.ts';
import type { Workspace } from '../db/workspace.ts';
import type { ServerSales } from './online-sales.ts';

export const olderSaleRemovalSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  /** The server's revision of the sale as read (its `_modified`). */
  revision: v.pipe(v.string(), v.isoTimestamp()),
});
export type OlderSaleRemoval = v.InferInput<typeof olderSaleRemovalSchema>;

export async function cancelOlderSale(workspace: Workspace, server: ServerSales, id: string, revision: string): Promise<void> {
  if (!workspace.connectivity.current().online) throw new DataError('offline');
  const answer: { error: { code?: string; message: string } | null } = await workspace.client.rpc('cancelar_venda_antiga', {
    p_id: id,
    p_revisao: revision,
  });
  if (answer.error) {
    const { code, message } = answer.error;
    const details = { serverCode: code, serverMessage: message };
    if (!code) throw new DataError('offline', { diagnostic: message });
    if (code === '40001') throw new DataError('stale_revision', { diagnostic: message, details });
    if (code === 'P0002') throw new DataError('not_found', { diagnostic: message, details });
    if (code === '42501') throw new DataError('forbidden', { diagnostic: message, details });
    throw new DataError('internal', { diagnostic: `cancelar_venda_antiga: ${code} ${message}`, details });
  }
  // What was read online changed: the screens read it again, and the changed counters are pulled now.
  server.refresh();
  void workspace.sync.syncNow().catch(() => undefined);
}
