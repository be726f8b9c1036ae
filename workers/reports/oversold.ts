// Sales that took a product's derived stock below zero: the product's stock facts and sales walked in HLC order
// with the counters' rule (a count sets the stock, an entry adds, a sale subtracts), as the stock history shows it.
// Selling beyond the recorded stock is allowed (the shelf is the truth); the report lists where it happened.

export interface StockEvent {
  readonly produtoId: string;
  readonly kind: 'ajuste' | 'entrada' | 'venda';
  readonly hlc: string;
  readonly id: string;
  readonly quantidade: number;
}

export interface OversoldSale {
  readonly saleId: string;
  readonly produtoId: string;
  readonly quantidade: number;
  /** The stock right after this sale (below zero). */
  readonly estoqueDepois: number;
}

/** Every sale after which its product's stock was below zero (the stock it left, in thousandths rounded back). */
export function oversoldSales(events: readonly StockEvent[]): OversoldSale[] {
  const byProduct = new Map<string, StockEvent[]>();
  for (const event of events) {
    const list = byProduct.get(event.produtoId) ?? [];
    list.push(event);
    byProduct.set(event.produtoId, list);
  }
  const found: OversoldSale[] = [];
  for (const [produtoId, list] of byProduct) {
    list.sort((a, b) => (a.hlc === b.hlc ? a.id.localeCompare(b.id) : a.hlc < b.hlc ? -1 : 1));
    let running = 0;
    for (const event of list) {
      const amount = Math.round(event.quantidade * 1000);
      running = event.kind === 'ajuste' ? amount : event.kind === 'entrada' ? running + amount : running - amount;
      if (event.kind === 'venda' && running < 0) {
        found.push({ saleId: event.id, produtoId, quantidade: amount / 1000, estoqueDepois: running / 1000 });
      }
    }
  }
  return found;
}
