// The report's rules, pure: America/Sao_Paulo buckets around midnight (a sale's day is its stored date, its hour
// the local hour of created_at), the granularity of custom ranges, fiado ageing (payments settle the oldest debts
// first; each open amount aged by its own date; bands 0–30, 31–60, 61–90, > 90), margins (price − purchase price;
// no cost → left out and counted), payment methods, and the sales that took a product's stock below zero.
import { describe, expect, it } from 'vitest';
import { bandOf, receivablesOf, type DebtFact } from '../../workers/reports/ageing.ts';
import { methodOf, salesFigures, type ReportSale } from '../../workers/reports/figures.ts';
import { oversoldSales, oversoldSince, salesNeededFrom, type StockEvent } from '../../workers/reports/oversold.ts';
import { granularityOf, reportRange, saleBucket } from '../../workers/reports/periods.ts';
import { checkInput } from '../../workers/contract/input.ts';
import { reportParamsSchema } from '../../workers/reports/schema.ts';

// 2026-11-24 00:30 in São Paulo (UTC−3) is 03:30 UTC: still the 23rd in UTC−3 until 03:00 UTC.
const JUST_AFTER_MIDNIGHT = Date.parse('2026-11-24T03:30:00Z');

function sale(fields: Partial<ReportSale> & { id: string }): ReportSale {
  return {
    data: '2026-11-24',
    created_at: '2026-11-24T15:00:00.000Z',
    total: 10,
    tipo: 'avista',
    forma_pagamento: 'dinheiro',
    itens: [],
    ...fields,
  };
}

describe('report calendar in America/Sao_Paulo', () => {
  it("'dia' is today's 24 hours in São Paulo, even when UTC is already on the next day", () => {
    const range = reportRange({ period: 'dia' }, Date.parse('2026-11-24T02:30:00Z'));
    expect(range).toMatchObject({ from: '2026-11-23', to: '2026-11-23', granularity: 'hora', today: '2026-11-23' });
    expect(range.keys).toHaveLength(24);
    const after = reportRange({ period: 'dia' }, JUST_AFTER_MIDNIGHT);
    expect(after).toMatchObject({ from: '2026-11-24', today: '2026-11-24' });
  });

  it('puts a sale at 23:59 and one at 00:01 (São Paulo) on either side of midnight, by day and by hour', () => {
    const late = { data: '2026-11-23', created_at: '2026-11-24T02:59:00.000Z' }; // 23:59 on the 23rd
    const early = { data: '2026-11-24', created_at: '2026-11-24T03:01:00.000Z' }; // 00:01 on the 24th
    const today = reportRange({ period: 'dia' }, JUST_AFTER_MIDNIGHT);
    expect(saleBucket(today, late)).toBeNull();
    expect(saleBucket(today, early)).toBe('00');
    const yesterday = reportRange({ period: 'custom', from: '2026-11-23', to: '2026-11-23' }, JUST_AFTER_MIDNIGHT);
    expect(saleBucket(yesterday, late)).toBe('2026-11-23');
    expect(saleBucket(yesterday, early)).toBeNull();
    const week = reportRange({ period: 'semana' }, JUST_AFTER_MIDNIGHT);
    expect(week).toMatchObject({ from: '2026-11-23', to: '2026-11-29', granularity: 'dia' });
    expect(saleBucket(week, late)).toBe('2026-11-23');
    expect(saleBucket(week, early)).toBe('2026-11-24');
    // Sunday 23:59 belongs to the week before; Monday 00:01 opens this one.
    const sunday = { data: '2026-11-22', created_at: '2026-11-23T02:59:00.000Z' };
    expect(saleBucket(week, sunday)).toBeNull();
  });

  it("'mes' is the month's days; the month turns at São Paulo's midnight", () => {
    const lastNight = Date.parse('2026-12-01T02:59:00Z'); // 23:59 on 30 November in São Paulo
    expect(reportRange({ period: 'mes' }, lastNight)).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    expect(reportRange({ period: 'mes' }, Date.parse('2026-12-01T03:00:00Z'))).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('draws a custom range by day up to 92 days, by Monday week up to 371, by month beyond', () => {
    expect(granularityOf('2026-09-01', '2026-11-30')).toBe('dia');
    const weeks = reportRange({ period: 'custom', from: '2026-01-01', to: '2026-06-30' }, JUST_AFTER_MIDNIGHT);
    expect(weeks.granularity).toBe('semana');
    expect(weeks.keys[0]).toBe('2025-12-29');
    expect(saleBucket(weeks, { data: '2026-01-04', created_at: '' })).toBe('2025-12-29');
    const months = reportRange({ period: 'custom', from: '2025-01-15', to: '2026-11-24' }, JUST_AFTER_MIDNIGHT);
    expect(months.granularity).toBe('mes');
    expect(months.keys[0]).toBe('2025-01');
    expect(months.keys.at(-1)).toBe('2026-11');
  });

  it('refuses a custom range that ends before it starts, a bad date, or one over three years', () => {
    expect(checkInput(reportParamsSchema, { period: 'custom', from: '2026-11-24', to: '2026-11-01' })).toMatchObject({
      ok: false,
      issues: [{ field: 'to', code: 'invalid_option' }],
    });
    expect(checkInput(reportParamsSchema, { period: 'custom', from: '2026-02-30', to: '2026-03-01' }).ok).toBe(false);
    expect(checkInput(reportParamsSchema, { period: 'custom', from: '2020-01-01', to: '2026-01-01' })).toMatchObject({
      ok: false,
      issues: [{ field: 'to', code: 'too_large' }],
    });
    expect(checkInput(reportParamsSchema, { period: 'semana' }).ok).toBe(true);
  });
});

describe('fiado ageing', () => {
  const debt = (clienteId: string, data: string, valor: number): DebtFact => ({
    clienteId,
    kind: 'debt',
    data,
    createdAt: `${data}T12:00:00Z`,
    valor,
  });
  const payment = (clienteId: string, data: string, valor: number): DebtFact => ({
    clienteId,
    kind: 'payment',
    data,
    createdAt: `${data}T13:00:00Z`,
    valor,
  });

  it('has bands 0–30, 31–60, 61–90 and over 90 days', () => {
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(bandOf)).toEqual([
      '0-30',
      '0-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });

  it('settles the oldest debts first and ages what is left of each debt by its own date', () => {
    const today = '2026-11-24';
    const result = receivablesOf(
      [
        debt('maria', '2026-07-01', 100), // 146 days
        debt('maria', '2026-09-20', 50.5), // 65 days
        debt('maria', '2026-11-10', 30), // 14 days
        payment('maria', '2026-11-01', 120), // pays July's 100 and 20 of September's
        debt('jose', '2026-10-25', 40), // 30 days
        debt('jose', '2026-10-24', 10), // 31 days
        debt('ana', '2026-01-01', 25),
        payment('ana', '2026-02-01', 25), // paid off: not a receivable
      ],
      today,
    );
    expect(result.total).toBe(110.5);
    expect(result.bands).toEqual([
      { band: '0-30', total: 70, clients: 0 },
      { band: '31-60', total: 10, clients: 1 },
      { band: '61-90', total: 30.5, clients: 1 },
      { band: '90+', total: 0, clients: 0 },
    ]);
    expect(result.clients).toEqual([
      { clienteId: 'maria', saldo: 60.5, oldestDays: 65, band: '61-90' },
      { clienteId: 'jose', saldo: 50, oldestDays: 31, band: '31-60' },
    ]);
  });

  it('a debt made today is 0 days old; one exactly 90 days old is still 61–90; 91 is over 90', () => {
    const result = receivablesOf(
      [debt('a', '2026-11-24', 5), debt('b', '2026-08-26', 7), debt('c', '2026-08-25', 9)],
      '2026-11-24',
    );
    expect(result.clients.map((client) => [client.clienteId, client.oldestDays, client.band])).toEqual([
      ['c', 91, '90+'],
      ['b', 90, '61-90'],
      ['a', 0, '0-30'],
    ]);
  });
});

describe('sales figures', () => {
  const range = reportRange({ period: 'custom', from: '2026-11-01', to: '2026-11-30' }, JUST_AFTER_MIDNIGHT);
  const item = (produto_id: string, nome: string, quantidade: number, preco: number) => ({
    produto_id,
    nome_produto: nome,
    marca_produto: null,
    unidade_produto: 'un',
    quantidade,
    preco_unitario: preco,
    preco_total: Math.round(quantidade * preco * 100) / 100,
  });
  const sales = [
    sale({ id: 's1', total: 30, forma_pagamento: 'pix', itens: [item('arroz', 'Arroz', 2, 10), item('sal', 'Sal', 5, 2)] }),
    sale({
      id: 's2',
      total: 20.1,
      tipo: 'fiado',
      forma_pagamento: null,
      itens: [item('arroz', 'Arroz', 1, 10), item('cafe', 'Café', 1, 10.1)],
    }),
    sale({ id: 's3', total: 0.2, forma_pagamento: 'fiado de outro jeito', itens: [item('bala', 'Bala', 2, 0.1)] }),
    sale({ id: 'fora', data: '2026-10-31', total: 99, itens: [item('arroz', 'Arroz', 9, 11)] }),
  ];
  const costs: Record<string, number> = { arroz: 7.5, sal: 2.5, cafe: 6 };
  const figures = salesFigures(sales, range, (id) => costs[id] ?? 0);

  it('adds revenue, à vista and fiado, and payment methods (anything else is outro) within the range', () => {
    expect(figures.revenue).toEqual({ total: 50.3, count: 3, averageTicket: 16.77 });
    expect(figures.byType).toEqual({ avista: { total: 30.2, count: 2 }, fiado: { total: 20.1, count: 1 } });
    expect(figures.byMethod).toEqual([
      { method: 'dinheiro', total: 0, count: 0 },
      { method: 'cartao', total: 0, count: 0 },
      { method: 'pix', total: 30, count: 1 },
      { method: 'outro', total: 0.2, count: 1 },
    ]);
    expect(methodOf(null)).toBe('outro');
    expect(figures.points.find((point) => point.key === '2026-11-24')).toEqual({ key: '2026-11-24', total: 50.3, count: 3 });
  });

  it("counts discounts apart: revenue is net, 'Descontos' is the lines' gross amounts less it", () => {
    expect(figures.discounts).toBe(0);
    const discounted = sale({
      id: 's4',
      // 10,00 less 1,00 off the line and 0,50 off the sale.
      total: 8.5,
      itens: [{ ...item('arroz', 'Arroz', 1, 10), desconto: 1 }],
    });
    const withDiscounts = salesFigures([...sales, discounted], range, (id) => costs[id] ?? 0);
    expect(withDiscounts.revenue.total).toBe(58.8);
    expect(withDiscounts.discounts).toBe(1.5);
  });

  it('ranks products by what they brought in, and by margin = (price − purchase price) × quantity, leaving out those with no cost', () => {
    expect(figures.topByRevenue.map((product) => [product.nome, product.receita, product.quantidade])).toEqual([
      ['Arroz', 30, 3],
      ['Café', 10.1, 1],
      ['Sal', 10, 5],
      ['Bala', 0.2, 2],
    ]);
    expect(
      figures.topByMargin.map((product) => [product.nome, product.receita, product.custo, product.margem, product.margemPct]),
    ).toEqual([
      ['Arroz', 30, 22.5, 7.5, 25],
      ['Café', 10.1, 6, 4.1, 40.6],
      ['Sal', 10, 12.5, -2.5, -25],
    ]);
    expect(figures.withoutCost).toBe(1);
  });

  it('gives the cost of the goods sold (purchase price × quantity) and the gross margin = revenue − that cost', () => {
    // Arroz 3 × 7,50 + Sal 5 × 2,50 + Café 1 × 6,00; the Bala has no purchase price and costs nothing here.
    expect(figures.costOfGoods).toBe(41);
    expect(figures.grossMargin).toBe(9.3);
  });
});

describe('best sellers of mixed units', () => {
  it('never ranks 150 g of garlic above 14 un of beans: what they brought in ranks them, each keeps its unit', () => {
    const range = reportRange({ period: 'custom', from: '2026-11-01', to: '2026-11-30' }, JUST_AFTER_MIDNIGHT);
    const line = (produto_id: string, nome: string, unidade: string, quantidade: number, preco_total: number) => ({
      produto_id,
      nome_produto: nome,
      marca_produto: null,
      unidade_produto: unidade,
      quantidade,
      preco_unitario: preco_total / quantidade,
      preco_total,
    });
    const figures = salesFigures(
      [sale({ id: 'misto', total: 118, itens: [line('alho', 'Alho', 'g', 150, 6), line('feijao', 'Feijão', 'un', 14, 112)] })],
      range,
      () => 0,
    );
    expect(figures.topByRevenue.map((product) => [product.nome, product.receita, product.quantidade, product.unidade])).toEqual([
      ['Feijão', 112, 14, 'un'],
      ['Alho', 6, 150, 'g'],
    ]);
  });
});

describe('oversold sales', () => {
  it('lists the sales after which the stock (count, entries, sales in HLC order) was below zero', () => {
    const found = oversoldSales([
      { produtoId: 'p', kind: 'ajuste', hlc: '001', id: 'a1', quantidade: 3 },
      { produtoId: 'p', kind: 'venda', hlc: '002', id: 'v1', quantidade: 2 }, // 1 left
      { produtoId: 'p', kind: 'venda', hlc: '004', id: 'v2', quantidade: 2 }, // −1: oversold
      { produtoId: 'p', kind: 'entrada', hlc: '005', id: 'e1', quantidade: 5 }, // 4
      { produtoId: 'p', kind: 'venda', hlc: '006', id: 'v3', quantidade: 4 }, // 0: not oversold
      { produtoId: 'p', kind: 'ajuste', hlc: '007', id: 'a2', quantidade: 0.5 }, // counted 0.5
      { produtoId: 'p', kind: 'venda', hlc: '008', id: 'v4', quantidade: 0.75 }, // −0.25
      { produtoId: 'q', kind: 'venda', hlc: '003', id: 'v1', quantidade: 1 }, // never counted: −1
    ]);
    expect(found).toEqual([
      { saleId: 'v2', produtoId: 'p', quantidade: 2, estoqueDepois: -1 },
      { saleId: 'v4', produtoId: 'p', quantidade: 0.75, estoqueDepois: -0.25 },
      { saleId: 'v1', produtoId: 'q', quantidade: 1, estoqueDepois: -1 },
    ]);
  });

  it('orders by HLC whatever order the facts arrive in (a sale synced later from another device)', () => {
    const found = oversoldSales([
      { produtoId: 'p', kind: 'venda', hlc: '003', id: 'outro-aparelho', quantidade: 2 },
      { produtoId: 'p', kind: 'ajuste', hlc: '001', id: 'a', quantidade: 2 },
      { produtoId: 'p', kind: 'venda', hlc: '002', id: 'este', quantidade: 1 },
    ]);
    expect(found.map((entry) => entry.saleId)).toEqual(['outro-aparelho']);
  });

  it("finds the period's oversold sales from the sales since the period and the stock now, as the whole walk does", () => {
    // Seeded: the same histories on every run.
    let seed = 20261125;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let history = 0; history < 200; history += 1) {
      const events: StockEvent[] = Array.from({ length: 30 }, (_, index) => {
        const roll = random();
        return {
          produtoId: random() < 0.5 ? 'p' : 'q',
          kind: roll < 0.1 ? 'ajuste' : roll < 0.3 ? 'entrada' : 'venda',
          hlc: String(index).padStart(3, '0'),
          id: `e${String(index)}`,
          quantidade: 1 + Math.floor(random() * 4),
        };
      });
      const from = String(Math.floor(random() * 30)).padStart(3, '0');
      const stockNow = (produtoId: string) =>
        events
          .filter((event) => event.produtoId === produtoId)
          .reduce(
            (stock, event) =>
              event.kind === 'ajuste'
                ? event.quantidade
                : event.kind === 'entrada'
                  ? stock + event.quantidade
                  : stock - event.quantidade,
            0,
          );
      const wanted = events.filter((event) => event.kind === 'venda' && event.hlc >= from);
      const facts = events.filter((event) => event.kind !== 'venda');
      const readFrom = salesNeededFrom(facts, wanted, from);
      const read = events.filter((event) => event.kind !== 'venda' || event.hlc >= readFrom);
      const ids = new Set(wanted.map((event) => event.id));
      const expected = oversoldSales(events).filter((entry) => ids.has(entry.saleId));
      const found = oversoldSince(read, stockNow, readFrom).filter((entry) => ids.has(entry.saleId));
      const order = (a: { saleId: string }, b: { saleId: string }) => a.saleId.localeCompare(b.saleId);
      expect(found.sort(order), `história ${String(history)}`).toEqual(expected.sort(order));
    }
  });
});
