// A split payment's rules without a database (docs/product.md §10): the parts rule, a sale's parts and its fiado
// part, the cart's parts as typed and read back, 'Falta', the sale a split cart becomes, the day sums counting each
// part in its column and the sale once, and what a split sale adds to its client's balance under a base.
import { describe, expect, it } from 'vitest';
import type { VendasDoc } from '../../schemas/index.ts';
import { optionsOf, saleOfCart, typedPartsOf, viewOfCart, type CartLine } from '../../workers/cart/cart-view.ts';
import { contributionTo, balanceKey, saleFact, type CounterBase } from '../../workers/ledger/fold-rule.ts';
import { addSale, emptyPeriodSums, totalOf } from '../../workers/reports/day-sums.ts';
import { fiadoPartOf, partsOf, partsProblem, type PaidSale } from '../../workers/till/summary.ts';

const CLIENTE = '00000000-0000-4000-8000-00000000000a';
const ARROZ = '00000000-0000-4000-8000-000000000001';

const arroz = (quantidade: string): CartLine => ({
  produto_id: ARROZ,
  nome: 'Arroz',
  marca: null,
  preco: 17.75,
  unidade: 'un',
  quantidade,
  ordem: 1,
});
const noStock = () => 0;

const cashAndFiado = [
  { forma: 'dinheiro' as const, valor: 20 },
  { forma: 'fiado' as const, valor: 15.5 },
];

describe('the parts rule', () => {
  const sale = (pagamentos: PaidSale['pagamentos'], tipo: 'avista' | 'fiado' = 'fiado'): PaidSale => ({
    tipo,
    forma_pagamento: 'dinheiro',
    total: 35.5,
    pagamentos,
  });

  it('takes one method (no parts) and parts that add up to the total to the cent, fiado with a fiado part', () => {
    expect(partsProblem(sale(null))).toBeNull();
    expect(partsProblem(sale(undefined))).toBeNull();
    expect(partsProblem(sale(cashAndFiado))).toBeNull();
    expect(
      partsProblem(
        sale(
          [
            { forma: 'pix', valor: 0.1 },
            { forma: 'cartao', valor: 0.2 },
            { forma: 'dinheiro', valor: 35.2 },
          ],
          'avista',
        ),
      ),
    ).toBeNull();
  });

  it('refuses each way parts cannot stand, with its code', () => {
    expect(partsProblem(sale([]))).toBe('too_few_parts');
    expect(partsProblem(sale([{ forma: 'fiado', valor: 35.5 }]))).toBe('too_few_parts');
    expect(
      partsProblem(
        sale([
          { forma: 'fiado', valor: 20 },
          { forma: 'fiado', valor: 15.5 },
        ]),
      ),
    ).toBe('repeated_method');
    expect(
      partsProblem(
        sale([
          { forma: 'dinheiro', valor: 35.5 },
          { forma: 'fiado', valor: 0.004 },
        ]),
      ),
    ).toBe('not_positive');
    expect(
      partsProblem(
        sale([
          { forma: 'dinheiro', valor: 20 },
          { forma: 'fiado', valor: 15.49 },
        ]),
      ),
    ).toBe('parts_do_not_add_up');
    expect(partsProblem(sale(cashAndFiado, 'avista'))).toBe('fiado_part_type');
    expect(
      partsProblem(
        sale([
          { forma: 'dinheiro', valor: 20 },
          { forma: 'pix', valor: 15.5 },
        ]),
      ),
    ).toBe('fiado_part_type');
  });

  it("reads a sale's parts: a split sale's own, any other one part (its bucket, its total)", () => {
    expect(partsOf({ tipo: 'fiado', total: 35.5, pagamentos: cashAndFiado })).toEqual(cashAndFiado);
    expect(partsOf({ tipo: 'avista', forma_pagamento: 'cartao', total: 12 })).toEqual([{ forma: 'cartao', valor: 12 }]);
    expect(partsOf({ tipo: 'avista', forma_pagamento: 'vale', total: 12, pagamentos: [] })).toEqual([
      { forma: 'outro', valor: 12 },
    ]);
    expect(fiadoPartOf({ tipo: 'fiado', total: 35.5, pagamentos: cashAndFiado })).toBe(15.5);
    expect(fiadoPartOf({ tipo: 'fiado', total: 9, pagamentos: null })).toBe(9);
    expect(fiadoPartOf({ tipo: 'avista', forma_pagamento: 'pix', total: 9 })).toBe(0);
  });
});

describe('the cart split in parts', () => {
  it('reads the stored parts back robustly: readable ones, each method once, at most five; else one method', () => {
    expect(optionsOf({}).pagamentos).toBeNull();
    expect(typedPartsOf('dinheiro')).toBeNull();
    expect(typedPartsOf([])).toBeNull();
    expect(typedPartsOf([{ forma: 'cheque', valor: 1 }, { forma: 'pix', valor: -1 }, null])).toBeNull();
    expect(
      typedPartsOf([
        { forma: 'pix', valor: 1 },
        { forma: 'pix', valor: 2 },
        { forma: 'fiado', valor: Number.NaN },
        { forma: 'dinheiro', valor: 0 },
      ]),
    ).toEqual([
      { forma: 'pix', valor: 1 },
      { forma: 'dinheiro', valor: 0 },
    ]);
  });

  it("shows 'Falta': the total less the parts, negative when they pass it, 0 when paid by one method", () => {
    const lines = [arroz('2')];
    expect(viewOfCart(lines, {}, noStock).falta).toBe(0);
    expect(viewOfCart(lines, { pagamentos: [{ forma: 'dinheiro', valor: 20 }] }, noStock).falta).toBe(15.5);
    expect(viewOfCart(lines, { pagamentos: cashAndFiado }, noStock)).toMatchObject({ total: 35.5, falta: 0 });
    expect(
      viewOfCart(
        lines,
        {
          pagamentos: [
            { forma: 'dinheiro', valor: 20.01 },
            { forma: 'fiado', valor: 15.5 },
          ],
        },
        noStock,
      ).falta,
    ).toBe(-0.01);
  });

  it('becomes a fiado sale with its parts above zero, the method of its first other part and the cash received', () => {
    const sale = saleOfCart([arroz('2')], {
      cliente_id: CLIENTE,
      valor_recebido: 50,
      pagamentos: [
        { forma: 'pix', valor: 0 },
        { forma: 'dinheiro', valor: 20.004 },
        { forma: 'fiado', valor: 15.5 },
      ],
    });
    expect(sale).toMatchObject({
      tipo: 'fiado',
      cliente_id: CLIENTE,
      forma_pagamento: 'dinheiro',
      forma_pagamento_descricao: null,
      valor_recebido: 50,
      pagamentos: [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 15.5 },
      ],
    });
  });

  it('an à vista split names its card with the installments; cash received short of the cash part is not kept', () => {
    const sale = saleOfCart([arroz('2')], {
      tipo: 'fiado',
      tipo_cartao: 'parcelado',
      parcelas: 2,
      valor_recebido: 9,
      pagamentos: [
        { forma: 'cartao', valor: 25.5 },
        { forma: 'dinheiro', valor: 10 },
      ],
    });
    expect(sale).toMatchObject({ tipo: 'avista', forma_pagamento: 'cartao', valor_recebido: null });
    expect(JSON.parse(sale.forma_pagamento_descricao ?? 'null')).toEqual({ tipo_cartao: 'parcelado', parcelas: 2 });
    // Without a cash part, nothing received is kept; the other method's words are, though it comes after PIX.
    expect(
      saleOfCart([arroz('2')], {
        valor_recebido: 50,
        pagamentos: [
          { forma: 'pix', valor: 25.5 },
          { forma: 'outro', valor: 10 },
        ],
        outro: 'vale',
      }),
    ).toMatchObject({ forma_pagamento: 'outro', forma_pagamento_descricao: '{"descricao":"vale"}', valor_recebido: null });
  });

  it('paid by one method it is sold as before, with no parts', () => {
    const sale = saleOfCart([arroz('2')], { valor_recebido: 50, pagamentos: null });
    expect(sale).toMatchObject({ tipo: 'avista', forma_pagamento: 'dinheiro', valor_recebido: 50 });
    expect(sale.pagamentos ?? null).toBeNull();
  });
});

const soldSale = (fields: Partial<VendasDoc>): VendasDoc => ({
  id: '00000000-0000-4000-8000-0000000000ff',
  user_id: '00000000-0000-4000-8000-0000000000ee',
  data: '2026-11-25',
  total: 35.5,
  tipo: 'avista',
  cliente_id: null,
  forma_pagamento: 'dinheiro',
  hlc: '00000000002:00000:balcao',
  itens: [
    {
      produto_id: ARROZ,
      quantidade: 2,
      preco_unitario: 17.75,
      preco_total: 35.5,
      nome_produto: 'Arroz',
      unidade_produto: 'un',
    },
  ],
  created_at: '2026-11-25T12:00:00.000Z',
  updated_at: '2026-11-25T12:00:00.000Z',
  ...fields,
});

describe('the day sums', () => {
  it('count a split sale once, its fiado part under fiado, its other parts under à vista and their methods', () => {
    const sums = emptyPeriodSums();
    addSale(sums, soldSale({ tipo: 'fiado', cliente_id: CLIENTE, pagamentos: cashAndFiado }), 1);
    addSale(
      sums,
      soldSale({
        total: 10,
        forma_pagamento: 'pix',
        pagamentos: [
          { forma: 'pix', valor: 7 },
          { forma: 'cartao', valor: 3 },
        ],
      }),
      1,
    );
    const day = totalOf(sums, '2026-11-25', '2026-11-25');
    expect(day.sales).toEqual({ cents: 4550, count: 2 });
    expect(day.fiado).toEqual({ cents: 1550, count: 1 });
    expect(day.avista).toEqual({ cents: 3000, count: 2 });
    expect(day.methods).toEqual({
      dinheiro: { cents: 2000, count: 1 },
      cartao: { cents: 300, count: 1 },
      pix: { cents: 700, count: 1 },
      outro: { cents: 0, count: 0 },
    });
    // Taking a version away undoes exactly what it added.
    addSale(sums, soldSale({ tipo: 'fiado', cliente_id: CLIENTE, pagamentos: cashAndFiado }), -1);
    expect(totalOf(sums, '2026-11-25', '2026-11-25').fiado).toEqual({ cents: 0, count: 0 });
  });

  it('count a sale paid by one method as before: its total under its type and method', () => {
    const sums = emptyPeriodSums();
    addSale(sums, soldSale({ tipo: 'fiado', cliente_id: CLIENTE, forma_pagamento: null }), 1);
    addSale(sums, soldSale({ forma_pagamento: 'vale' }), 1);
    const day = totalOf(sums, '2026-11-25', '2026-11-25');
    expect(day.fiado).toEqual({ cents: 3550, count: 1 });
    expect(day.avista).toEqual({ cents: 3550, count: 1 });
    expect(day.methods.outro).toEqual({ cents: 3550, count: 1 });
    expect(day.methods.dinheiro).toEqual({ cents: 0, count: 0 });
  });
});

describe('the balance fold', () => {
  const base: CounterBase = {
    key: balanceKey(CLIENTE),
    value: 0,
    cutMicros: Number.MAX_SAFE_INTEGER,
    cutHlc: '99999999999',
    lastCountHlc: '',
    serverModified: null,
  };
  const version = (doc: VendasDoc) => ({ table: 'vendas' as const, serverModified: null, fact: saleFact(doc) });

  it("adds a split sale's fiado part to its client's balance, a one-method fiado sale its total", () => {
    const split = soldSale({ tipo: 'fiado', cliente_id: CLIENTE, pagamentos: cashAndFiado });
    expect(contributionTo(version(split), balanceKey(CLIENTE), base)).toBe(15_500);
    const whole = soldSale({ tipo: 'fiado', cliente_id: CLIENTE, forma_pagamento: null });
    expect(contributionTo(version(whole), balanceKey(CLIENTE), base)).toBe(35_500);
    expect(contributionTo(version(soldSale({ cliente_id: CLIENTE })), balanceKey(CLIENTE), base)).toBe(0);
  });
});
