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

/**
 * The same walk when only the sales from the stamp `readFrom` on are at hand ('' when every sale is): each sale's
 * stock after it comes forward from the latest count before it when every sale between them is at hand, or else
 * backward from the product's stock now (`currentStock`, the counters' fold of every fact) when no count follows
 * it. Stock facts are all at hand. A sale neither reaches (a count after it, its latest count before `readFrom`)
 * is left out; the caller reads from early enough for the sales it asks about (`salesNeededFrom`).
 */
export function oversoldSince(
  events: readonly StockEvent[],
  currentStock: (produtoId: string) => number,
  readFrom: string,
): OversoldSale[] {
  const found: OversoldSale[] = [];
  for (const [produtoId, list] of byProductInOrder(events)) {
    const after: (number | null)[] = list.map(() => null);
    // Forward: from a count whose later sales are all at hand (from nothing at all, when every sale is).
    let running: number | null = readFrom === '' ? 0 : null;
    list.forEach((event, index) => {
      const amount = Math.round(event.quantidade * 1000);
      if (event.kind === 'ajuste') running = event.hlc >= readFrom ? amount : null;
      else if (running !== null) running += event.kind === 'entrada' ? amount : -amount;
      after[index] = running;
    });
    // Backward: from the stock now, through the events after each one, until a count.
    let now: number | null = Math.round(currentStock(produtoId) * 1000);
    for (let index = list.length - 1; index >= 0; index -= 1) {
      const event = list[index] as StockEvent;
      after[index] ??= now;
      if (now === null) continue;
      const amount = Math.round(event.quantidade * 1000);
      now = event.kind === 'ajuste' ? null : event.kind === 'entrada' ? now - amount : now + amount;
    }
    list.forEach((event, index) => {
      const stock = after[index];
      if (event.kind === 'venda' && stock !== null && stock !== undefined && stock < 0) {
        found.push({
          saleId: event.id,
          produtoId,
          quantidade: Math.round(event.quantidade * 1000) / 1000,
          estoqueDepois: stock / 1000,
        });
      }
    });
  }
  return found;
}

/**
 * How early the sales must be read so that `oversoldSince` reaches every sale of `wanted` (stamped from `from` on):
 * `from` itself, or the latest count before a wanted sale that a later count keeps the backward walk from ('' for
 * a product never counted before it).
 */
export function salesNeededFrom(stockFacts: readonly StockEvent[], wanted: readonly StockEvent[], from: string): string {
  let needed = from;
  const counts = byProductInOrder(stockFacts.filter((fact) => fact.kind === 'ajuste'));
  for (const sale of wanted) {
    const list = counts.get(sale.produtoId) ?? [];
    if (!list.some((count) => count.hlc > sale.hlc)) continue;
    const before = list.filter((count) => count.hlc < sale.hlc).at(-1);
    if (before && before.hlc >= from) continue;
    const earliest = before?.hlc ?? '';
    if (earliest < needed) needed = earliest;
  }
  return needed;
}

function byProductInOrder(events: readonly StockEvent[]): Map<string, StockEvent[]> {
  const byProduct = new Map<string, StockEvent[]>();
  for (const event of events) {
    const list = byProduct.get(event.produtoId) ?? [];
    list.push(event);
    byProduct.set(event.produtoId, list);
  }
  for (const list of byProduct.values())
    list.sort((a, b) => (a.hlc === b.hlc ? a.id.localeCompare(b.id) : a.hlc < b.hlc ? -1 : 1));
  return byProduct;
}
