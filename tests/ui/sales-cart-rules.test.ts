// The new sale's rules and messages (docs/product.md §5, §8): the weight field, the steppers, the weighed products' check,
// why a cart cannot be finished, the barcode repeat window, the payment columns, the customer form's wording.
import { describe, expect, it } from 'vitest';
import { checkInput } from '../../workers/contract/input.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { saleCustomerSchema } from '../../workers/clients/schema.ts';
import { DEFAULT_CART_OPTIONS, paymentOf, quantityOf, quantityTextOf } from '../../workers/cart/schema.ts';
import { saleOfCart, viewOfCart, type CartLine } from '../../workers/cart/cart-view.ts';
import {
  checkWeight,
  finishFailure,
  finishProblem,
  isRepeatScan,
  stepQuantity,
  weightOnBlur,
} from '../../src/features/sales/cart-rules.ts';
import { customerFieldMessages } from '../../src/features/sales/customer-form.ts';
import { rowsToLoad, visibleRange } from '../../src/features/sales/components/VirtualProductList.tsx';

const line = (fields: Partial<CartLine> & Pick<CartLine, 'produto_id'>): CartLine => ({
  nome: 'Produto',
  marca: null,
  preco: 10,
  unidade: 'un',
  quantidade: '1',
  ordem: 1,
  ...fields,
});

describe('weight field', () => {
  it('becomes 1 when left empty', () => {
    expect(weightOnBlur('')).toBe('1');
    expect(weightOnBlur('  ')).toBe('1');
    expect(weightOnBlur('0,5')).toBe('0,5');
  });
  it('reads a comma decimal and shows it back', () => {
    expect(quantityOf('0,750')).toBe(0.75);
    expect(quantityOf('')).toBe(0);
    expect(quantityOf(',')).toBe(0);
    expect(quantityOf('1.5.2')).toBe(0);
    expect(quantityTextOf(2.5)).toBe('2,5');
  });
});

describe('steppers', () => {
  it('never go below 1', () => {
    expect(stepQuantity('1', -1)).toBe('1');
    expect(stepQuantity('3', -1)).toBe('2');
    expect(stepQuantity('3', 1)).toBe('4');
    expect(stepQuantity('', 1)).toBe('2');
  });
});

describe('weighed products', () => {
  it("an empty weight is 'Peso obrigatório'; not a number or 0 or less is 'Peso inválido'", () => {
    expect(checkWeight('', 'kg')).toEqual({ ok: false, reason: 'required' });
    expect(checkWeight('   ', 'kg')).toEqual({ ok: false, reason: 'required' });
    expect(checkWeight('abc', 'kg')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkWeight(',', 'kg')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkWeight('0', 'kg')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkWeight('0,000', 'kg')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkWeight('-1', 'kg')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkWeight('0,5', 'kg')).toEqual({ ok: true, value: 0.5 });
    expect(checkWeight('1.250', 'g')).toEqual({ ok: true, value: 1250 });
  });

  it('reads a dot as the thousands separator, and refuses a weight above the limit or too precise', () => {
    expect(checkWeight('1.25', 'kg')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkWeight('999999', 'kg')).toEqual({ ok: false, reason: 'too_large' });
    expect(checkWeight('0,1234', 'kg')).toEqual({ ok: false, reason: 'too_precise' });
  });
});

describe('finishing', () => {
  const cart = (itens: CartLine[], options: Record<string, unknown> = {}) => viewOfCart(itens, options, () => 0);

  it("refuses an empty cart ('Carrinho vazio') and a cart whose lines are all at zero", () => {
    expect(finishProblem(cart([]))).toBe('empty');
    expect(finishProblem(cart([line({ produto_id: 'a', quantidade: '' }), line({ produto_id: 'b', quantidade: '0' })]))).toBe(
      'empty',
    );
    expect(finishFailure(DataError.invalid([{ field: 'itens', code: 'empty_list' }]))).toEqual({
      title: 'Carrinho vazio',
      description: 'Adicione produtos ao carrinho para finalizar a venda.',
    });
  });
  it("refuses a 'Parcelado' card until the owner picks the number of installments ('Parcelas obrigatórias')", () => {
    const parcelado = { forma_pagamento: 'cartao', tipo_cartao: 'parcelado', parcelas: 1 } as const;
    expect(finishProblem(cart([line({ produto_id: 'a' })], parcelado), false)).toBe('installments');
    expect(finishProblem(cart([line({ produto_id: 'a' })], parcelado), true)).toBeNull();
    expect(finishProblem(cart([line({ produto_id: 'a' })], { ...parcelado, parcelas: 3 }), false)).toBeNull();
    expect(
      finishProblem(cart([line({ produto_id: 'a' })], { forma_pagamento: 'cartao', tipo_cartao: 'avista' }), false),
    ).toBeNull();
  });
  it("refuses a split payment whose card part is 'Parcelado' until the number of installments is picked", () => {
    const parts = [
      { forma: 'dinheiro', valor: 1 },
      { forma: 'cartao', valor: 1 },
    ] as const;
    const parcelado = { tipo_cartao: 'parcelado', parcelas: 1 } as const;
    const items = [line({ produto_id: 'a', preco: 2 })];
    expect(finishProblem(cart(items, { ...parcelado, pagamentos: parts }), false)).toBe('installments');
    expect(finishProblem(cart(items, { ...parcelado, pagamentos: parts }), true)).toBeNull();
    expect(
      finishProblem(
        cart(items, {
          ...parcelado,
          pagamentos: [
            { forma: 'dinheiro', valor: 1 },
            { forma: 'pix', valor: 1 },
          ],
        }),
        false,
      ),
    ).toBeNull();
  });
  it("refuses fiado without a customer ('Cliente obrigatório')", () => {
    expect(finishProblem(cart([line({ produto_id: 'a' })], { tipo: 'fiado' }))).toBe('customer');
    expect(finishProblem(cart([line({ produto_id: 'a' })], { tipo: 'fiado', cliente_id: 'c' }))).toBeNull();
    expect(finishProblem(cart([line({ produto_id: 'a' })]))).toBeNull();
    expect(finishFailure(DataError.invalid([{ field: 'cliente_id', code: 'required' }]))).toEqual({
      title: 'Cliente obrigatório',
      description: 'Selecione um cliente para vendas fiado.',
    });
  });
  it("nobody signed in: the spec's sentence", () => {
    expect(finishFailure(new DataError('not_signed_in'))).toEqual({
      title: 'Erro',
      description: 'Você precisa estar autenticado para realizar uma venda.',
    });
  });
  it('any other failure is the generic message', () => {
    expect(finishFailure(new DataError('internal'))).toEqual({
      title: 'Erro',
      description: 'Não foi possível finalizar a venda. Por favor, tente novamente.',
    });
  });
  it('sells the lines above zero, in the order added, at the price shown; marks lines above the stock', () => {
    const lines = [
      line({ produto_id: 'b', preco: 40, unidade: 'kg', quantidade: '0,5', ordem: 2 }),
      line({ produto_id: 'a', preco: 8, quantidade: '2', ordem: 1 }),
      line({ produto_id: 'c', quantidade: '', ordem: 3 }),
    ];
    const view = viewOfCart(lines, {}, (id) => (id === 'a' ? 1 : 5));
    expect(view.itens.map((item) => [item.produto_id, item.subtotal, item.acimaDoEstoque, item.pesavel])).toEqual([
      ['a', 16, true, false],
      ['b', 20, false, true],
      ['c', 0, false, false],
    ]);
    expect(view.total).toBe(36);
    expect(saleOfCart(lines, {}).itens).toEqual([
      { produto_id: 'a', quantidade: 2, preco_unitario: 8 },
      { produto_id: 'b', quantidade: 0.5, preco_unitario: 40 },
    ]);
  });
});

describe('barcode repeat window', () => {
  it('ignores the same code within a second, not another code or a second later', () => {
    expect(isRepeatScan(null, '789', 1000)).toBe(false);
    expect(isRepeatScan({ code: '789', at: 1000 }, '789', 1999)).toBe(true);
    expect(isRepeatScan({ code: '789', at: 1000 }, '789', 2000)).toBe(false);
    expect(isRepeatScan({ code: '789', at: 1000 }, '790', 1100)).toBe(false);
  });
});

describe('payment description', () => {
  const options = DEFAULT_CART_OPTIONS;
  it('is the JSON text of the card kind and installments; none for cash and pix; none for fiado', () => {
    expect(paymentOf(options)).toEqual({ forma_pagamento: 'dinheiro', forma_pagamento_descricao: null });
    expect(paymentOf({ ...options, forma_pagamento: 'pix' })).toEqual({
      forma_pagamento: 'pix',
      forma_pagamento_descricao: null,
    });
    expect(paymentOf({ ...options, forma_pagamento: 'cartao' })).toEqual({
      forma_pagamento: 'cartao',
      forma_pagamento_descricao: '{"tipo_cartao":"avista","parcelas":1}',
    });
    expect(
      paymentOf({ ...options, forma_pagamento: 'cartao', tipo_cartao: 'parcelado', parcelas: 12 }).forma_pagamento_descricao,
    ).toBe('{"tipo_cartao":"parcelado","parcelas":12}');
    expect(
      paymentOf({ ...options, forma_pagamento: 'cartao', tipo_cartao: 'parcelado', parcelas: 40 }).forma_pagamento_descricao,
    ).toBe('{"tipo_cartao":"parcelado","parcelas":12}');
    expect(paymentOf({ ...options, tipo: 'fiado', forma_pagamento: 'cartao' })).toEqual({
      forma_pagamento: null,
      forma_pagamento_descricao: null,
    });
  });
  it("keeps another method's free text (trimmed; blank is null)", () => {
    expect(paymentOf({ ...options, forma_pagamento: 'outro', outro: ' vale-refeição ' })).toEqual({
      forma_pagamento: 'outro',
      forma_pagamento_descricao: '{"descricao":"vale-refeição"}',
    });
    expect(paymentOf({ ...options, forma_pagamento: 'outro', outro: '  ' }).forma_pagamento_descricao).toBeNull();
  });
});

describe('new customer form', () => {
  it("a blank name is 'Nome do cliente é obrigatório.'; name and phone are trimmed", () => {
    const blank = checkInput(saleCustomerSchema, { nome: '  ', telefone: '11987654321' });
    expect(blank.ok).toBe(false);
    if (!blank.ok) expect(customerFieldMessages(blank.issues).nome).toBe('Nome do cliente é obrigatório.');
    const trimmed = checkInput(saleCustomerSchema, { nome: ' Maria ', telefone: ' (11) 98765-4321 ' });
    expect(trimmed.ok && trimmed.value).toMatchObject({ nome: 'Maria', telefone: '11987654321' });
  });

  it('only the name is required: no phone is accepted, a phone typed wrong is refused with the phone rule', () => {
    const withoutPhone = checkInput(saleCustomerSchema, { nome: 'Maria', telefone: '  ' });
    expect(withoutPhone.ok && withoutPhone.value).toEqual({ nome: 'Maria', telefone: null });
    const wrongPhone = checkInput(saleCustomerSchema, { nome: 'Maria', telefone: '(81) 99' });
    expect(wrongPhone.ok).toBe(false);
    if (!wrongPhone.ok) {
      expect(customerFieldMessages(wrongPhone.issues)).toEqual({
        telefone: 'Telefone inválido. Informe o DDD e o número, com 8 ou 9 dígitos: (81) 99999-8888.',
      });
    }
  });
});

describe('virtualised product list', () => {
  it('draws the rows in view of the 500 px list (140 px rows) and a few around them', () => {
    expect(visibleRange(0, 10_000)).toEqual({ first: 0, last: 7 });
    expect(visibleRange(1400, 10_000)).toEqual({ first: 7, last: 17 });
    expect(visibleRange(0, 2)).toEqual({ first: 0, last: 2 });
    expect(visibleRange(140 * 9_998, 10_000)).toEqual({ first: 9_995, last: 10_000 });
  });
  it('asks the worker for rows fifty at a time', () => {
    expect(rowsToLoad(7)).toBe(50);
    expect(rowsToLoad(50)).toBe(50);
    expect(rowsToLoad(51)).toBe(100);
  });
});
