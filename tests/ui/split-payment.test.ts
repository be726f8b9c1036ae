// The split payment's rules without React (docs/product.md §10): the amounts typed per method become parts, 'Falta'
// and 'Passou' in cents, 'Restante', why a split cart cannot be finished yet, the cash part 'Troco' is counted
// against, and what an edit stores (one method clears the parts; parts set the type and the method columns).
import { describe, expect, it } from 'vitest';
import { DataError } from '../../workers/contract/errors.ts';
import { viewOfCart, type CartLine } from '../../workers/cart/cart-view.ts';
import { finishFailure, finishProblem } from '../../src/features/sales/cart-rules.ts';
import {
  cashDueOf,
  partsOfTexts,
  partsProblemOf,
  restFor,
  restOf,
  splitPartsOf,
  textsOfParts,
  typeOfParts,
  type PartTexts,
} from '../../src/features/sales/payment-parts.ts';
import { editedTotalOf, editPaymentOf, paymentStateOf, type EditLine } from '../../src/features/sales/sale-edit-form.ts';

const typed = (texts: Partial<PartTexts>): PartTexts => ({ dinheiro: '', cartao: '', pix: '', outro: '', fiado: '', ...texts });

describe('typed amounts', () => {
  it('become parts in the rows order: readable amounts above zero only, typed the Brazilian way', () => {
    expect(partsOfTexts(typed({ fiado: '15,50', dinheiro: '20' }))).toEqual([
      { forma: 'dinheiro', valor: 20 },
      { forma: 'fiado', valor: 15.5 },
    ]);
    expect(partsOfTexts(typed({ dinheiro: '0', pix: '0,00', cartao: 'abc', outro: '1.234,56' }))).toEqual([
      { forma: 'outro', valor: 1234.56 },
    ]);
    expect(partsOfTexts(typed({ dinheiro: '-3', fiado: '1,234' }))).toEqual([]);
  });

  it('are drawn back from stored parts, a method without one (or at zero) left empty', () => {
    expect(
      textsOfParts([
        { forma: 'dinheiro', valor: 0 },
        { forma: 'pix', valor: 1234.5 },
      ]),
    ).toEqual(typed({ pix: '1.234,50' }));
    expect(textsOfParts(null)).toEqual(typed({}));
  });
});

describe("'Falta', 'Passou' and 'Restante'", () => {
  const parts = [
    { forma: 'dinheiro' as const, valor: 20 },
    { forma: 'pix' as const, valor: 0.1 },
  ];

  it('count in cents, with no floating-point drift', () => {
    expect(restOf(35.5, parts)).toEqual({ kind: 'short', cents: 1540 });
    expect(restOf(20.1, parts)).toEqual({ kind: 'even', cents: 0 });
    expect(
      restOf(0.3, [
        { forma: 'dinheiro', valor: 0.1 },
        { forma: 'pix', valor: 0.2 },
      ]),
    ).toEqual({ kind: 'even', cents: 0 });
    expect(restOf(15, parts)).toEqual({ kind: 'over', cents: 510 });
  });

  it("'Restante' is the total less the other parts, replacing the method's own amount; nothing when they reach it", () => {
    expect(restFor(35.5, parts, 'fiado')).toBe(15.4);
    expect(restFor(35.5, parts, 'dinheiro')).toBe(35.4);
    expect(restFor(10, parts, 'fiado')).toBe(0);
  });
});

describe('a split sale as read', () => {
  it('is split only with parts; its type is fiado with a fiado part above zero', () => {
    expect(splitPartsOf({ pagamentos: null })).toBeNull();
    expect(splitPartsOf({ pagamentos: [] })).toBeNull();
    expect(splitPartsOf({})).toBeNull();
    expect(
      typeOfParts([
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 15.5 },
      ]),
    ).toBe('fiado');
    expect(
      typeOfParts([
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 0 },
      ]),
    ).toBe('avista');
  });

  it("counts 'Valor recebido' against the cash part of a split sale, against the total otherwise", () => {
    const parts = [
      { forma: 'dinheiro' as const, valor: 20 },
      { forma: 'fiado' as const, valor: 15.5 },
    ];
    expect(cashDueOf({ total: 35.5, pagamentos: parts })).toBe(20);
    expect(
      cashDueOf({
        total: 35.5,
        pagamentos: [
          { forma: 'pix', valor: 20 },
          { forma: 'fiado', valor: 15.5 },
        ],
      }),
    ).toBe(0);
    expect(cashDueOf({ total: 35.5, pagamentos: null })).toBe(35.5);
  });
});

describe('finishing a split cart', () => {
  const line: CartLine = { produto_id: 'a', nome: 'Café', marca: null, preco: 35.5, unidade: 'un', quantidade: '1', ordem: 1 };
  const cart = (pagamentos: unknown, options: Record<string, unknown> = {}) =>
    viewOfCart([line], { pagamentos, ...options }, () => 0);

  it('needs two methods above zero whose amounts come to the total', () => {
    expect(partsProblemOf(35.5, [{ forma: 'dinheiro', valor: 35.5 }])).toBe('few');
    expect(
      partsProblemOf(35.5, [
        { forma: 'dinheiro', valor: 35.5 },
        { forma: 'pix', valor: 0 },
      ]),
    ).toBe('few');
    expect(
      partsProblemOf(35.5, [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'pix', valor: 15 },
      ]),
    ).toBe('rest');
    expect(
      partsProblemOf(35.5, [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'pix', valor: 15.5 },
      ]),
    ).toBeNull();
    expect(finishProblem(cart([{ forma: 'dinheiro', valor: 0 }]))).toBe('splitFew');
    expect(
      finishProblem(
        cart([
          { forma: 'dinheiro', valor: 20 },
          { forma: 'pix', valor: 16 },
        ]),
      ),
    ).toBe('splitRest');
    expect(
      finishProblem(
        cart([
          { forma: 'dinheiro', valor: 20 },
          { forma: 'pix', valor: 15.5 },
        ]),
      ),
    ).toBeNull();
  });

  it('asks for the client when a fiado part is typed, whatever the type chosen before splitting', () => {
    const withFiado = [
      { forma: 'dinheiro', valor: 20 },
      { forma: 'fiado', valor: 15.5 },
    ];
    expect(finishProblem(cart(withFiado))).toBe('customer');
    expect(finishProblem(cart(withFiado, { cliente_id: 'c', cliente_nome: 'Ana' }))).toBeNull();
    expect(
      finishProblem(
        cart(
          [
            { forma: 'dinheiro', valor: 20 },
            { forma: 'pix', valor: 15.5 },
          ],
          { tipo: 'fiado' },
        ),
      ),
    ).toBeNull();
  });

  it("a 'Parcelado' card chosen before splitting asks for the installments of the card part", () => {
    const options = { forma_pagamento: 'cartao', tipo_cartao: 'parcelado' };
    expect(
      finishProblem(
        cart(
          [
            { forma: 'cartao', valor: 20 },
            { forma: 'pix', valor: 15.5 },
          ],
          options,
        ),
        false,
      ),
    ).toBe('installments');
  });

  it("says the worker's refusal of the parts in its words", () => {
    const refused = finishFailure(DataError.invalid([{ field: 'pagamentos', code: 'invalid_option' }]));
    expect(refused.title).toBe('Pagamento dividido incompleto');
    expect(refused.description).not.toBe('Não foi possível finalizar a venda. Por favor, tente novamente.');
  });
});

describe('editing a split sale', () => {
  const card = paymentStateOf('cartao', '{"tipo_cartao":"parcelado","parcelas":3}');

  it('one method clears the parts', () => {
    expect(editPaymentOf('avista', card, null)).toEqual({
      tipo: 'avista',
      forma_pagamento: 'cartao',
      forma_pagamento_descricao: JSON.stringify({ tipo_cartao: 'parcelado', parcelas: 3 }),
      pagamentos: null,
    });
  });

  it('parts set the type (fiado with a fiado part) and name the first other method in the columns', () => {
    const parts = [
      { forma: 'cartao' as const, valor: 10 },
      { forma: 'fiado' as const, valor: 25.5 },
    ];
    expect(editPaymentOf('avista', card, parts)).toEqual({
      tipo: 'fiado',
      forma_pagamento: 'cartao',
      forma_pagamento_descricao: JSON.stringify({ tipo_cartao: 'parcelado', parcelas: 3 }),
      pagamentos: parts,
    });
    const cashAndPix = [
      { forma: 'dinheiro' as const, valor: 10 },
      { forma: 'pix' as const, valor: 25.5 },
    ];
    expect(editPaymentOf('fiado', card, cashAndPix)).toMatchObject({
      tipo: 'avista',
      forma_pagamento: 'dinheiro',
      forma_pagamento_descricao: null,
    });
  });

  it('counts the parts against the total the worker will store: line discounts at most the line, less the sale discount', () => {
    const sale = {
      total: 26,
      desconto: 2,
      itens: [
        {
          produtoId: 'a',
          nome: 'Café',
          marca: null,
          unidade: 'un',
          quantidade: 2,
          precoUnitario: 15,
          precoTotal: 30,
          desconto: 2,
        },
      ],
    };
    const edited = (quantidade: string): EditLine[] => [
      { produtoId: 'a', nome: 'Café', marca: null, unidade: 'un', preco: 15, quantidade },
    ];
    expect(editedTotalOf(sale, edited('2'))).toBe(26);
    expect(editedTotalOf(sale, edited('3'))).toBe(41);
    expect(editedTotalOf(sale, [])).toBe(0);
  });
});
