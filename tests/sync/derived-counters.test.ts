// Stock and balances derived from facts: exact, order-independent, corrected by deletions and edits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDerivedCounters, type SaleFact, type StockFact } from '../../workers/ledger/derived-counters.ts';

const count = (id: string, quantidade: number, hlc: string): StockFact => ({
  id,
  produto_id: 'arroz',
  tipo: 'ajuste',
  quantidade,
  hlc,
  deleted: false,
});
const entry = (id: string, quantidade: number, hlc: string): StockFact => ({
  id,
  produto_id: 'arroz',
  tipo: 'entrada',
  quantidade,
  hlc,
  deleted: false,
});
const sale = (id: string, quantidade: number, hlc: string, extra: Partial<SaleFact> = {}): SaleFact => ({
  id,
  hlc,
  tipo: 'avista',
  cliente_id: null,
  total: quantidade * 5,
  itens: [{ produto_id: 'arroz', quantidade }],
  deleted: false,
  ...extra,
});

describe('stock', () => {
  it('is the latest count plus entries minus sales after it', () => {
    const counters = createDerivedCounters();
    counters.upsertStockFact(count('c1', 10, '01'));
    counters.upsertSale(sale('s1', 3, '02'));
    counters.upsertStockFact(entry('e1', 5, '03'));
    expect(counters.stockOf('arroz')).toBe(12);
    counters.upsertStockFact(count('c2', 20, '04'));
    counters.upsertSale(sale('s2', 1, '05'));
    expect(counters.stockOf('arroz')).toBe(19);
  });

  it('ignores sales made before the count they are older than', () => {
    const counters = createDerivedCounters();
    counters.upsertSale(sale('early', 4, '01'));
    counters.upsertStockFact(count('c1', 10, '02'));
    expect(counters.stockOf('arroz')).toBe(10);
  });

  it('gives stock back when a sale is deleted or edited', () => {
    const counters = createDerivedCounters();
    counters.upsertStockFact(count('c1', 10, '01'));
    counters.upsertSale(sale('s1', 3, '02'));
    counters.upsertSale({ ...sale('s1', 1, '02') });
    expect(counters.stockOf('arroz')).toBe(9);
    counters.upsertSale({ ...sale('s1', 1, '02'), deleted: true });
    expect(counters.stockOf('arroz')).toBe(10);
  });

  it('keeps weights exact to the gram', () => {
    const counters = createDerivedCounters();
    counters.upsertStockFact(count('c1', 1.1, '01'));
    counters.upsertSale(sale('s1', 0.2, '02'));
    counters.upsertSale(sale('s2', 0.7, '03'));
    expect(counters.stockOf('arroz')).toBe(0.2);
  });

  it('does not depend on the order in which facts arrive', () => {
    const fact = fc.oneof(
      fc.record({ kind: fc.constant('count' as const), quantity: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ kind: fc.constant('entry' as const), quantity: fc.integer({ min: 1, max: 50 }) }),
      fc.record({ kind: fc.constant('sale' as const), quantity: fc.integer({ min: 1, max: 10 }), deleted: fc.boolean() }),
    );
    fc.assert(
      fc.property(
        fc.array(fact, { maxLength: 30 }).chain((facts) =>
          fc.tuple(
            fc.constant(facts),
            fc.shuffledSubarray(
              facts.map((_, i) => i),
              { minLength: facts.length },
            ),
          ),
        ),
        ([facts, order]) => {
          const apply = (indexes: number[]) => {
            const counters = createDerivedCounters();
            for (const index of indexes) {
              const item = facts[index];
              if (!item) continue;
              const hlc = String(index).padStart(3, '0');
              if (item.kind === 'count') counters.upsertStockFact(count(`f${index}`, item.quantity, hlc));
              else if (item.kind === 'entry') counters.upsertStockFact(entry(`f${index}`, item.quantity, hlc));
              else counters.upsertSale({ ...sale(`f${index}`, item.quantity, hlc), deleted: item.deleted });
            }
            return counters.stockOf('arroz');
          };
          expect(apply(order)).toBe(apply(facts.map((_, i) => i)));
        },
      ),
    );
  });
});

describe('client balance', () => {
  it('adds fiado sales and debits, subtracts payments, and follows edits', () => {
    const counters = createDerivedCounters();
    counters.upsertSale(sale('s1', 2, '01', { tipo: 'fiado', cliente_id: 'joana', total: 10.1 }));
    counters.upsertSale(sale('s2', 2, '02', { tipo: 'avista', cliente_id: 'joana', total: 99 }));
    counters.upsertLedgerEntry({ id: 'd1', cliente_id: 'joana', tipo: 'debito', valor: 0.2, deleted: false });
    counters.upsertLedgerEntry({ id: 'p1', cliente_id: 'joana', tipo: 'pagamento', valor: 5.15, deleted: false });
    expect(counters.balanceOf('joana')).toBe(5.15);
    counters.upsertSale(sale('s1', 2, '01', { tipo: 'fiado', cliente_id: 'pedro', total: 10.1 }));
    expect(counters.balanceOf('joana')).toBe(-4.95);
    expect(counters.balanceOf('pedro')).toBe(10.1);
    counters.upsertLedgerEntry({ id: 'p1', cliente_id: 'joana', tipo: 'pagamento', valor: 5.15, deleted: true });
    expect(counters.balanceOf('joana')).toBe(0.2);
    expect(counters.takeChanged().clients).toEqual(new Set(['joana', 'pedro']));
  });

  it('a split fiado sale adds its fiado part only; a sale without parts its whole total', () => {
    const counters = createDerivedCounters();
    const pagamentos = [
      { forma: 'dinheiro' as const, valor: 20 },
      { forma: 'fiado' as const, valor: 15.5 },
    ];
    counters.upsertSale(sale('s1', 2, '01', { tipo: 'fiado', cliente_id: 'joana', total: 35.5, pagamentos }));
    expect(counters.balanceOf('joana')).toBe(15.5);
    counters.upsertSale(sale('s2', 1, '02', { tipo: 'fiado', cliente_id: 'joana', total: 4.25 }));
    expect(counters.balanceOf('joana')).toBe(19.75);
    // Back to one method (cash) on an edit: off the balance.
    counters.upsertSale(sale('s1', 2, '01', { tipo: 'avista', cliente_id: 'joana', total: 35.5, pagamentos: null }));
    expect(counters.balanceOf('joana')).toBe(4.25);
  });
});
