// The stock domain: counts (absolute) and deliveries (added), immutable facts stamped with the device's HLC.
import { newId, stampOf } from '../db/records.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';

export function createStockDomain(holder: WorkspaceHolder) {
  async function record(produtoId: string, tipo: 'ajuste' | 'entrada', quantidade: number, observacao?: string): Promise<string> {
    const workspace = await holder.current();
    const id = newId();
    const now = stampOf(workspace);
    await workspace.database.historico_estoque.insert({
      id,
      user_id: workspace.userId,
      produto_id: produtoId,
      tipo,
      quantidade,
      observacao: observacao ?? null,
      hlc: workspace.clock.now(),
      created_at: now,
      updated_at: now,
    });
    return id;
  }
  return {
    handlers: {
      /** A stock count: from now on the product has exactly `quantidade`, less what is sold after. */
      count: (produtoId: string, quantidade: number, observacao?: string) => record(produtoId, 'ajuste', quantidade, observacao),
      /** Goods received: added to the stock. */
      receive: (produtoId: string, quantidade: number, observacao?: string) =>
        record(produtoId, 'entrada', quantidade, observacao),
    },
  };
}
