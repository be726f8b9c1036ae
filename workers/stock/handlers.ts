// The stock domain: counts (absolute) and deliveries (added), immutable facts stamped with the device's HLC.
import { parseInput } from '../contract/input.ts';
import { insertOwned } from '../db/records.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { stockCountSchema, stockReceiptSchema, type StockCount, type StockReceipt } from './schema.ts';

export type { StockCount, StockReceipt } from './schema.ts';

interface StockFact {
  produto_id: string;
  tipo: 'ajuste' | 'entrada';
  quantidade: number;
  observacao: string | null;
}

/** Records one stock fact (already checked) with the device's HLC stamp. */
export function recordStock(workspace: Workspace, fact: StockFact): Promise<string> {
  return insertOwned(workspace, 'historico_estoque', { ...fact, hlc: workspace.clock.now() });
}

export function createStockDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      /** A stock count: from now on the product has exactly `quantidade`, less what is sold after. */
      async count(input: StockCount): Promise<string> {
        const fact = parseInput(stockCountSchema, input);
        return recordStock(await holder.current(), { ...fact, tipo: 'ajuste' });
      },
      /** Goods received: added to the stock. */
      async receive(input: StockReceipt): Promise<string> {
        const fact = parseInput(stockReceiptSchema, input);
        return recordStock(await holder.current(), { ...fact, tipo: 'entrada' });
      },
    },
  };
}
