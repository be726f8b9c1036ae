// The sale as shared and shown: the receipt text (market, number, date and time, items with quantities — kg and g with 3
// decimals —, total, type, payment — a split sale's parts in one line —, client), payment in words, and the share fallbacks (share sheet → WhatsApp
// link online → clipboard; the failure when nothing works).
import { describe, expect, it, vi } from 'vitest';
import type { SaleDetails } from '../../workers/api.ts';
import { partMethodLabel, paymentLabel, quantityLabel, receiptText, salePaymentLabel } from '../../src/features/sales/receipt.ts';
import { shareText, whatsappShareLink, type ShareTargets } from '../../src/lib/share.ts';

const sale: SaleDetails = {
  id: '00000000-0000-4000-8000-000000000001',
  data: '2026-03-15',
  tipo: 'avista',
  clienteId: '00000000-0000-4000-8000-00000000000a',
  cliente: { id: '00000000-0000-4000-8000-00000000000a', nome: 'Maria', telefone: '11987654321' },
  formaPagamento: 'cartao',
  formaPagamentoDescricao: JSON.stringify({ tipo_cartao: 'parcelado', parcelas: 3 }),
  total: 21.7,
  desconto: 0,
  valorRecebido: null,
  itens: [
    { produtoId: 'a', nome: 'Arroz', marca: null, unidade: 'un', quantidade: 2, precoUnitario: 5, precoTotal: 10, desconto: 0 },
    {
      produtoId: 'b',
      nome: 'Queijo',
      marca: 'Minas',
      unidade: 'kg',
      quantidade: 0.255,
      precoUnitario: 45.9,
      precoTotal: 11.7,
      desconto: 0,
    },
  ],
  // 15:04 on the device's clock, whatever its time zone.
  createdAt: new Date(2026, 2, 15, 15, 4).toISOString(),
  source: 'device',
  revision: null,
};

const brl = (text: string) => text.replace(/\u00a0/g, ' ');

describe('receipt text', () => {
  it('reads as a receipt: market, date, each item with quantity and price, total, type, payment and client', () => {
    expect(brl(receiptText(sale, 'Mercadinho da Ana'))).toBe(
      [
        'Mercadinho da Ana',
        'Comprovante de venda #000000',
        'Data: 15/03/2026 15:04',
        '',
        'Itens:',
        '2 x Arroz (R$ 5,00) = R$ 10,00',
        '0,255 kg x Queijo Minas (R$ 45,90/kg) = R$ 11,70',
        '',
        'Total: R$ 21,70',
        'Tipo: À Vista',
        'Pagamento: Cartão parcelado em 3x',
        'Cliente: Maria',
        '',
        'Obrigado pela preferência!',
      ].join('\n'),
    );
  });

  it('a fiado sale has no payment line', () => {
    const text = receiptText({ ...sale, tipo: 'fiado', formaPagamento: null, formaPagamentoDescricao: null }, 'CadernetaPro');
    expect(text).toContain('Tipo: Fiado');
    expect(text).not.toContain('Pagamento:');
  });

  it('a cash sale that kept the amount received shows it and the change; an older one without it shows neither', () => {
    const cash = { ...sale, formaPagamento: 'dinheiro', formaPagamentoDescricao: null, valorRecebido: 50 };
    const text = brl(receiptText(cash, 'CadernetaPro'));
    expect(text).toContain('Pagamento: Dinheiro\nValor recebido: R$ 50,00\nTroco: R$ 28,30');
    const older = brl(receiptText({ ...cash, valorRecebido: null }, 'CadernetaPro'));
    expect(older).not.toContain('Valor recebido');
    expect(older).not.toContain('Troco');
  });

  it('a discounted sale shows each line discount, the subtotal and the discounts before the total', () => {
    const discounted = {
      ...sale,
      total: 19.2,
      desconto: 1.5,
      itens: sale.itens.map((item, index) => (index === 0 ? { ...item, desconto: 1 } : item)),
    };
    const text = brl(receiptText(discounted, 'CadernetaPro'));
    expect(text).toContain('2 x Arroz (R$ 5,00) = R$ 10,00 (Desconto −R$ 1,00)');
    expect(text).toContain('Subtotal: R$ 21,70\nDescontos: −R$ 2,50\nTotal: R$ 19,20');
    expect(brl(receiptText(sale, 'CadernetaPro'))).not.toContain('Desconto');
  });

  it("a split sale's payment is its parts in words; 'Valor recebido' and 'Troco' count against the cash part", () => {
    const split: SaleDetails = {
      ...sale,
      tipo: 'fiado',
      formaPagamento: 'dinheiro',
      formaPagamentoDescricao: null,
      total: 35.5,
      valorRecebido: 50,
      pagamentos: [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 15.5 },
      ],
    };
    const text = brl(receiptText(split, 'CadernetaPro'));
    expect(text).toContain(
      'Tipo: Fiado\nPagamento: R$ 20,00 em dinheiro + R$ 15,50 no fiado\nValor recebido: R$ 50,00\nTroco: R$ 30,00\nCliente: Maria',
    );
    const noCash = brl(receiptText({ ...split, valorRecebido: null }, 'CadernetaPro'));
    expect(noCash).not.toContain('Troco');
    // An amount received below the cash part is not kept as a payment: neither line.
    expect(brl(receiptText({ ...split, valorRecebido: 10 }, 'CadernetaPro'))).not.toContain('Valor recebido');
  });

  it("names a split sale's card and other method as its columns describe them", () => {
    const parts = [
      { forma: 'cartao' as const, valor: 10 },
      { forma: 'pix' as const, valor: 5.5 },
      { forma: 'outro' as const, valor: 6.2 },
    ];
    const card = { ...sale, pagamentos: parts };
    expect(brl(salePaymentLabel(card))).toBe('R$ 10,00 no cartão parcelado em 3x + R$ 5,50 no PIX + R$ 6,20 em outra forma');
    const other = {
      ...sale,
      formaPagamento: 'outro',
      formaPagamentoDescricao: JSON.stringify({ descricao: 'vale' }),
      pagamentos: parts,
    };
    expect(brl(salePaymentLabel(other))).toBe('R$ 10,00 no cartão + R$ 5,50 no PIX + R$ 6,20 em outra forma (vale)');
    expect(partMethodLabel({ forma: 'cartao', valor: 10 }, card)).toBe('Cartão parcelado em 3x');
    expect(partMethodLabel({ forma: 'fiado', valor: 10 }, card)).toBe('Fiado');
    expect(partMethodLabel({ forma: 'outro', valor: 6.2 }, other)).toBe('Outro: vale');
    // A sale paid by one method reads as before, with or without an empty list of parts.
    expect(salePaymentLabel({ ...sale, pagamentos: [] })).toBe('Cartão parcelado em 3x');
    expect(salePaymentLabel({ ...sale, pagamentos: null })).toBe('Cartão parcelado em 3x');
  });

  it('weighed quantities always show 3 decimals; units none', () => {
    expect(quantityLabel(1, 'kg')).toBe('1,000 kg');
    expect(quantityLabel(250, 'g')).toBe('250,000 g');
    expect(quantityLabel(3, 'un')).toBe('3');
  });

  it('payment in words', () => {
    expect(paymentLabel('dinheiro', null)).toBe('Dinheiro');
    expect(paymentLabel('pix', null)).toBe('PIX');
    expect(paymentLabel('cartao', JSON.stringify({ tipo_cartao: 'avista', parcelas: 1 }))).toBe('Cartão à vista');
    expect(paymentLabel('outro', JSON.stringify({ descricao: 'vale' }))).toBe('Outro: vale');
    expect(paymentLabel('outro', 'vale antigo')).toBe('Outro: vale antigo');
    expect(paymentLabel('outro', null)).toBe('Outro');
    expect(paymentLabel(null, null)).toBe('—');
  });
});

describe('sharing a sale', () => {
  const targets = (overrides: Partial<ShareTargets>): ShareTargets => ({
    openWindow: vi.fn(() => true),
    copy: vi.fn(() => Promise.resolve()),
    online: true,
    ...overrides,
  });

  it('uses the share sheet when there is one; a cancelled sheet is not a failure', async () => {
    const share = vi.fn(() => Promise.resolve());
    const t = targets({ share });
    expect(await shareText('texto', 'Comprovante', null, t)).toBe('shared');
    expect(t.openWindow).not.toHaveBeenCalled();
    const cancelled = targets({ share: () => Promise.reject(new DOMException('cancelado', 'AbortError')) });
    expect(await shareText('texto', 'Comprovante', null, cancelled)).toBe('cancelled');
    expect(cancelled.copy).not.toHaveBeenCalled();
  });

  it('without a share sheet, online: a WhatsApp link to the client (55 + phone) with the text', async () => {
    const t = targets({});
    expect(await shareText('Total: R$ 5,00', 'Comprovante', '(11) 98765-4321', t)).toBe('whatsapp');
    expect(t.openWindow).toHaveBeenCalledWith('https://wa.me/5511987654321?text=Total%3A%20R%24%205%2C00');
    expect(whatsappShareLink('oi', null)).toBe('https://wa.me/?text=oi');
  });

  it('offline, a failed share sheet, or a blocked link: the clipboard', async () => {
    const offline = targets({ online: false });
    expect(await shareText('texto', 'Comprovante', null, offline)).toBe('copied');
    expect(offline.openWindow).not.toHaveBeenCalled();
    expect(offline.copy).toHaveBeenCalledWith('texto');
    const blocked = targets({ share: () => Promise.reject(new Error('não permitido')), openWindow: () => false });
    expect(await shareText('texto', 'Comprovante', null, blocked)).toBe('copied');
  });

  it('fails when the clipboard refuses or does not exist', async () => {
    expect(await shareText('texto', 'x', null, targets({ online: false, copy: () => Promise.reject(new Error('negado')) }))).toBe(
      'failed',
    );
    expect(await shareText('texto', 'x', null, targets({ online: false, copy: undefined }))).toBe('failed');
  });
});
