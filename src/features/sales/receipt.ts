// The sale as the owner reads and shares it: payment in words (a split sale's parts too), quantities (kg and g with 3
// decimals), its amounts before and after discounts, and the receipt text sent by the share sheet, WhatsApp or the clipboard.
import type { SaleDetails } from '../../../workers/api.ts';
import { salesHistoryText } from '../../i18n/sales-history.pt-BR.ts';
import { formatBRL, formatDate, formatTime } from '../../lib/format.ts';
import { cashOfSale } from './cash-change.ts';
import { cashDueOf, splitPartsOf, type PaymentPart } from './payment-parts.ts';
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

/** The words a method's description adds: the card's kind ('parcelado em 3x', 'à vista') or the other method's text. */
function paymentDetails(forma: string, descricao: string | null): string | null {
  const details = descriptionOf(descricao);
  if (forma === 'cartao' && details) {
    const parcelas = typeof details.parcelas === 'number' ? details.parcelas : 1;
    return details.tipo_cartao === 'parcelado' && parcelas > 1 ? copy.cardInstallments(parcelas) : copy.cardAvista;
  }
  if (forma === 'outro')
    return details && typeof details.descricao === 'string' ? details.descricao : descricao && !details ? descricao : null;
  return null;
}

/** 'Dinheiro', 'PIX', 'Cartão parcelado em 3x', 'Outro: vale'; '—' when there is none (a fiado sale). */
export function paymentLabel(forma: string | null, descricao: string | null): string {
  if (!forma) return '—';
  const name = copy.payments[forma] ?? forma;
  const details = paymentDetails(forma, descricao);
  if (details === null) return name;
  return forma === 'outro' ? `${name}: ${details}` : `${name} ${details}`;
}

/** What the payment screens read of a sale: its type, total, method columns and, for a split sale, its parts. */
export interface PaidSaleView {
  readonly tipo: 'avista' | 'fiado';
  readonly total: number;
  readonly formaPagamento: string | null;
  readonly formaPagamentoDescricao: string | null;
  readonly pagamentos?: readonly PaymentPart[] | null;
}

/**
 * A part's method by name: 'Dinheiro', 'PIX', 'Fiado'; the card's kind ('Cartão parcelado em 3x') and the other
 * method's words ('Outro: vale') when the sale's method columns describe that part.
 */
export function partMethodLabel(part: PaymentPart, sale: PaidSaleView): string {
  if (part.forma === 'fiado') return copy.types.fiado;
  if (part.forma === sale.formaPagamento) return paymentLabel(sale.formaPagamento, sale.formaPagamentoDescricao);
  return copy.payments[part.forma] ?? part.forma;
}

/** One part in words: 'R$ 20,00 em dinheiro', 'R$ 10,00 no cartão parcelado em 3x', 'R$ 5,00 em outra forma (vale)'. */
function partPhrase(part: PaymentPart, sale: PaidSaleView): string {
  const phrase = `${formatBRL(part.valor)} ${copy.partPhrases[part.forma]}`;
  const details = part.forma === sale.formaPagamento ? paymentDetails(part.forma, sale.formaPagamentoDescricao) : null;
  if (details === null) return phrase;
  return part.forma === 'outro' ? `${phrase} (${details})` : `${phrase} ${details}`;
}

/** A sale's payment in words: a split sale's parts ('R$ 20,00 em dinheiro + R$ 15,50 no fiado'), else its method. */
export function salePaymentLabel(sale: PaidSaleView): string {
  const parts = splitPartsOf(sale);
  if (parts) return parts.map((part) => partPhrase(part, sale)).join(' + ');
  return paymentLabel(sale.formaPagamento, sale.formaPagamentoDescricao);
}

/** 'Valor recebido' and 'Troco' of a sale that kept them: against a split sale's cash part, else its total. */
export function cashOfPaidSale(sale: PaidSaleView & { readonly valorRecebido: number | null }) {
  return cashOfSale(cashDueOf(sale), sale.valorRecebido);
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
 * The receipt: market, number, date and time, one line per item with quantity and price, total, type, payment (a
 * split sale's parts in one line), cash received and change, and client.
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
  if (sale.formaPagamento || splitPartsOf(sale)) terms.push(`${copy.payment}: ${salePaymentLabel(sale)}`);
  const cash = cashOfPaidSale(sale);
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
