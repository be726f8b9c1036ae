// The sale as the owner reads and shares it: payment in words, quantities (kg and g with 3 decimals), its amounts
// before and after discounts, and the receipt text sent by the share sheet, WhatsApp or the clipboard.
import type { SaleDetails } from '../../../workers/api.ts';
import { salesHistoryText } from '../../i18n/sales-history.pt-BR.ts';
import { formatBRL, formatDate, formatTime } from '../../lib/format.ts';
import { cashOfSale } from './cash-change.ts';
import { saleNumber } from './sale-number.ts';

const copy = salesHistoryText;
const weighed = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** '2' for units, '0,250 kg' for weighed goods. */
export function quantityLabel(quantidade: number, unidade: string): string {
  if (unidade === 'kg' || unidade === 'g') return `${weighed.format(quantidade)} ${unidade}`;
  return String(Math.round(quantidade * 1000) / 1000).replace('.', ',');
}

function descriptionOf(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** 'Dinheiro', 'PIX', 'Cartão parcelado em 3x', 'Outro: vale'; '—' when there is none (a fiado sale). */
export function paymentLabel(forma: string | null, descricao: string | null): string {
  if (!forma) return '—';
  const name = copy.payments[forma] ?? forma;
  const details = descriptionOf(descricao);
  if (forma === 'cartao' && details) {
    const parcelas = typeof details.parcelas === 'number' ? details.parcelas : 1;
    return details.tipo_cartao === 'parcelado' && parcelas > 1
      ? `${name} ${copy.cardInstallments(parcelas)}`
      : `${name} ${copy.cardAvista}`;
  }
  if (forma === 'outro') {
    const text = details && typeof details.descricao === 'string' ? details.descricao : descricao && !details ? descricao : null;
    return text ? `${name}: ${text}` : name;
  }
  return name;
}

/** A sale's lines before any discount, and every discount (the lines' and the sale's), in reais. */
export function saleAmounts(sale: Pick<SaleDetails, 'itens' | 'total'>): { gross: number; discounts: number } {
  const grossCents = sale.itens.reduce((sum, item) => sum + Math.round(item.precoTotal * 100), 0);
  return { gross: grossCents / 100, discounts: (grossCents - Math.round(sale.total * 100)) / 100 };
}

/** '−R$ 1,50': a discount as it is subtracted. */
export function discountLabel(reais: number): string {
  return `−${formatBRL(reais)}`;
}

export function typeLabel(tipo: 'avista' | 'fiado'): string {
  return tipo === 'fiado' ? copy.types.fiado : copy.types.avista;
}

/**
 * The receipt: market, number, date and time, one line per item with quantity and price, total, type, payment, cash
 * received and change, and client.
 */
export function receiptText(sale: SaleDetails, marketName: string): string {
  const lines = sale.itens.map((item) => {
    const name = item.marca ? `${item.nome} ${item.marca}` : item.nome;
    const unit = item.unidade === 'kg' || item.unidade === 'g' ? `/${item.unidade}` : '';
    const line = `${quantityLabel(item.quantidade, item.unidade)} x ${name} (${formatBRL(item.precoUnitario)}${unit}) = ${formatBRL(item.precoTotal)}`;
    return item.desconto > 0 ? `${line} (${copy.discount} ${discountLabel(item.desconto)})` : line;
  });
  const amounts = saleAmounts(sale);
  const discounted =
    amounts.discounts > 0
      ? [`${copy.subtotal}: ${formatBRL(amounts.gross)}`, `${copy.discounts}: ${discountLabel(amounts.discounts)}`]
      : [];
  const terms = [`${copy.type}: ${typeLabel(sale.tipo)}`];
  if (sale.formaPagamento) terms.push(`${copy.payment}: ${paymentLabel(sale.formaPagamento, sale.formaPagamentoDescricao)}`);
  const cash = cashOfSale(sale.total, sale.valorRecebido);
  if (cash) terms.push(`${copy.received}: ${formatBRL(cash.received)}`, `${copy.change}: ${formatBRL(cash.change)}`);
  if (sale.cliente) terms.push(`${copy.client}: ${sale.cliente.nome}`);
  return [
    marketName,
    `${copy.receipt.title} ${saleNumber(sale.id)}`,
    `${copy.date}: ${formatDate(sale.data)} ${formatTime(sale.createdAt)}`,
    '',
    `${copy.receipt.items}:`,
    ...lines,
    '',
    ...discounted,
    `${copy.total}: ${formatBRL(sale.total)}`,
    ...terms,
    '',
    copy.receipt.thanks,
  ].join('\n');
}
