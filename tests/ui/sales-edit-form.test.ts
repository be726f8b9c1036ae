// The edit-sale form's rules: payment read from and written back to the sale's columns, typed quantities, the
// +/− steps (0 or less removes), adding a product, and the total in cents as the worker computes it.
import { describe, expect, it } from 'vitest';
import {
  paymentColumnsOf,
  paymentStateOf,
  quantityOf,
  readLineQuantity,
  stepped,
  totalOfLines,
  unreadableLine,
  withProduct,
  type EditLine,
} from '../../src/features/sales/sale-edit-form.ts';

const line = (quantidade: string, unidade = 'un', preco = 2.5): EditLine => ({
  produtoId: `p-${unidade}`,
  nome: 'Produto',
  marca: null,
  unidade,
  preco,
  quantidade,
});

describe('payment', () => {
  it('reads a card, installments, another method and none', () => {
    expect(paymentStateOf('cartao', '{"tipo_cartao":"parcelado","parcelas":4}')).toMatchObject({
      forma: 'cartao',
      tipoCartao: 'parcelado',
      parcelas: 4,
    });
    expect(paymentStateOf('outro', '{"descricao":"vale"}')).toMatchObject({ forma: 'outro', outro: 'vale' });
    expect(paymentStateOf('boleto', null)).toMatchObject({ forma: 'outro', outro: 'boleto' });
    expect(paymentStateOf(null, null)).toMatchObject({ forma: 'dinheiro' });
  });

  it('writes the same columns a new sale writes; a fiado sale has none', () => {
    const card = paymentStateOf('cartao', '{"tipo_cartao":"parcelado","parcelas":4}');
    expect(paymentColumnsOf('avista', card)).toEqual({
      forma_pagamento: 'cartao',
      forma_pagamento_descricao: '{"tipo_cartao":"parcelado","parcelas":4}',
    });
    expect(paymentColumnsOf('avista', { ...card, tipoCartao: 'avista' }).forma_pagamento_descricao).toBe(
      '{"tipo_cartao":"avista","parcelas":1}',
    );
    expect(paymentColumnsOf('avista', { ...card, forma: 'outro', outro: '  ' })).toEqual({
      forma_pagamento: 'outro',
      forma_pagamento_descricao: null,
    });
    expect(paymentColumnsOf('avista', { ...card, forma: 'pix' })).toEqual({
      forma_pagamento: 'pix',
      forma_pagamento_descricao: null,
    });
    expect(paymentColumnsOf('fiado', card)).toEqual({ forma_pagamento: null, forma_pagamento_descricao: null });
  });
});

describe('quantities', () => {
  it('reads the Brazilian way: whole units, weights with up to 3 decimals', () => {
    expect(quantityOf(line('0,75', 'kg'))).toBe(0.75);
    expect(quantityOf(line('1.500', 'g'))).toBe(1500);
    expect(quantityOf(line('3', 'un'))).toBe(3);
    expect(quantityOf(line('', 'un'))).toBe(0);
  });

  it('refuses what cannot be stored instead of emptying it (the line stays, with its reason)', () => {
    expect(readLineQuantity(line('abc'))).toEqual({ ok: false, problem: 'unreadable' });
    expect(readLineQuantity(line('-2'))).toEqual({ ok: false, problem: 'negative' });
    expect(readLineQuantity(line('1,5'))).toEqual({ ok: false, problem: 'not_whole' });
    expect(readLineQuantity(line('0,2555', 'kg'))).toEqual({ ok: false, problem: 'too_many_decimals' });
    expect(readLineQuantity(line('999999', 'kg'))).toEqual({ ok: false, problem: 'too_large' });
    expect(unreadableLine([line('2'), line('abc')])?.quantidade).toBe('abc');
    expect(unreadableLine([line('2'), line('0,5', 'kg')])).toBeUndefined();
    expect(quantityOf(line('abc'))).toBe(0);
  });

  it('+ and − step 1 unit, 0,1 kg or 100 g; 0 or less removes the line', () => {
    expect(stepped(line('2'), 1)?.quantidade).toBe('3');
    expect(stepped(line('1'), -1)).toBeNull();
    expect(stepped(line('0,25', 'kg'), 1)?.quantidade).toBe('0,35');
    expect(stepped(line('0,05', 'kg'), -1)).toBeNull();
    expect(stepped(line('300', 'g'), -1)?.quantidade).toBe('200');
  });

  it('adding a product already listed adds one step to it', () => {
    const lines = [line('2')];
    expect(
      withProduct(lines, { produtoId: 'p-un', nome: 'Produto', marca: null, unidade: 'un', preco: 2.5 })[0]?.quantidade,
    ).toBe('3');
    expect(withProduct(lines, { produtoId: 'novo', nome: 'Novo', marca: null, unidade: 'g', preco: 0.1 })[1]?.quantidade).toBe(
      '100',
    );
  });

  it('totals each line in cents, then sums', () => {
    expect(totalOfLines([line('3', 'un', 0.1), line('0,255', 'kg', 45.9)])).toBe(12);
    expect(totalOfLines([line('1', 'un', 1.005)])).toBe(1.01);
  });
});
