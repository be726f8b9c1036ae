// The edit-sale form's rules without React: the payment choice read from and written to the sale's columns
// (the same JSON the new sale writes), a split payment's parts, quantities typed the Brazilian way, the +/− steps
// and the totals in cents.
import type { SaleDetails } from '../../../workers/api.ts';
import { readQuantity, type NumberReading } from '../../lib/number-input.ts';
import { PART_METHODS, typeOfParts, type PaymentPart } from './payment-parts.ts';

export const PAYMENT_CHOICES = ['dinheiro', 'cartao', 'pix', 'outro'] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];
export const MAX_INSTALLMENTS = 12;

export interface PaymentState {
  readonly forma: PaymentChoice;
  readonly tipoCartao: 'avista' | 'parcelado';
  readonly parcelas: number;
  readonly outro: string;
}

export interface EditLine {
  readonly produtoId: string;
  readonly nome: string;
  readonly marca: string | null;
  readonly unidade: string;
  readonly preco: number;
  /** As typed ('2', '0,750', '1.250'); read by src/lib/number-input.ts. */
  readonly quantidade: string;
}

function parsedDescription(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    // Older sales kept the free text itself.
    return { descricao: text };
  }
}

/** The form's payment state from the sale's columns (dinheiro when the sale has none, as a fiado sale). */
export function paymentStateOf(forma: string | null, descricao: string | null): PaymentState {
  const details = parsedDescription(descricao);
  const known = (PAYMENT_CHOICES as readonly string[]).includes(forma ?? '');
  const parcelas =
    typeof details.parcelas === 'number' ? Math.min(MAX_INSTALLMENTS, Math.max(1, Math.trunc(details.parcelas))) : 1;
  if (forma && !known) return { forma: 'outro', tipoCartao: 'avista', parcelas: 1, outro: forma };
  return {
    forma: known ? (forma as PaymentChoice) : 'dinheiro',
    tipoCartao: details.tipo_cartao === 'parcelado' ? 'parcelado' : 'avista',
    parcelas,
    outro: typeof details.descricao === 'string' ? details.descricao : '',
  };
}

/** The sale's payment columns: none for fiado; a card keeps its kind and installments, 'outro' its text. */
export function paymentColumnsOf(
  tipo: 'avista' | 'fiado',
  payment: PaymentState,
): { forma_pagamento: string | null; forma_pagamento_descricao: string | null } {
  if (tipo === 'fiado') return { forma_pagamento: null, forma_pagamento_descricao: null };
  if (payment.forma === 'cartao') {
    const parcelas =
      payment.tipoCartao === 'parcelado' ? Math.min(MAX_INSTALLMENTS, Math.max(1, Math.trunc(payment.parcelas))) : 1;
    return {
      forma_pagamento: 'cartao',
      forma_pagamento_descricao: JSON.stringify({ tipo_cartao: payment.tipoCartao, parcelas }),
    };
  }
  if (payment.forma === 'outro') {
    const text = payment.outro.trim();
    return { forma_pagamento: 'outro', forma_pagamento_descricao: text === '' ? null : JSON.stringify({ descricao: text }) };
  }
  return { forma_pagamento: payment.forma, forma_pagamento_descricao: null };
}

/** What an edit stores of the payment: its type, method columns and parts. */
export interface EditPayment {
  readonly tipo: 'avista' | 'fiado';
  readonly forma_pagamento: string | null;
  readonly forma_pagamento_descricao: string | null;
  readonly pagamentos: PaymentPart[] | null;
}

/**
 * One method (the parts cleared), or the parts as typed (docs/product.md §10): the type follows them (fiado with a
 * fiado part) and the method columns name the first other method, described as the form describes it.
 */
export function editPaymentOf(
  tipo: 'avista' | 'fiado',
  payment: PaymentState,
  parts: readonly PaymentPart[] | null,
): EditPayment {
  if (parts === null) return { tipo, ...paymentColumnsOf(tipo, payment), pagamentos: null };
  const other = PART_METHODS.find((forma) => forma !== 'fiado' && parts.some((part) => part.forma === forma));
  const columns =
    other === undefined || other === 'fiado'
      ? { forma_pagamento: null, forma_pagamento_descricao: null }
      : paymentColumnsOf('avista', { ...payment, forma: other });
  return { tipo: typeOfParts(parts), ...columns, pagamentos: [...parts] };
}

/** A line's quantity as read: whole for units, up to three decimals for weights; or why it cannot be stored. */
export function readLineQuantity(line: Pick<EditLine, 'quantidade' | 'unidade'>): NumberReading {
  return readQuantity(line.quantidade, line.unidade);
}

/** The number a line's quantity stands for; one that cannot be read counts 0 in the totals (and is not saved). */
export function quantityOf(line: Pick<EditLine, 'quantidade' | 'unidade'>): number {
  const reading = readLineQuantity(line);
  return reading.ok ? reading.value : 0;
}

/** The first line whose quantity cannot be stored, if any (the sale is not saved while one is there). */
export function unreadableLine(lines: readonly EditLine[]): EditLine | undefined {
  return lines.find((line) => !readLineQuantity(line).ok);
}

export function quantityTextOf(value: number): string {
  return String(Math.round(value * 1000) / 1000).replace('.', ',');
}

/** What + and − add or take: 1 unit, 0,1 kg or 100 g. */
export function stepOf(unidade: string): number {
  return unidade === 'kg' ? 0.1 : unidade === 'g' ? 100 : 1;
}

/** The line after + or −; null when it falls to 0 or less (the line is removed, docs/product.md §5). */
export function stepped(line: EditLine, direction: 1 | -1): EditLine | null {
  const next = Math.round((quantityOf(line) + direction * stepOf(line.unidade)) * 1000) / 1000;
  return next > 0 ? { ...line, quantidade: quantityTextOf(next) } : null;
}

/** Price × quantity rounded to cents exactly as the worker rounds it (1.005 → 1.01). */
export function lineTotal(line: EditLine): number {
  return Math.round(Number((line.preco * quantityOf(line) * 100).toFixed(6))) / 100;
}

/** The sale's total as the worker will compute it: each line rounded to cents, summed in cents. */
export function totalOfLines(lines: readonly EditLine[]): number {
  return lines.reduce((sum, line) => sum + Math.round(lineTotal(line) * 100), 0) / 100;
}

/**
 * What the edited sale will come to, as the worker computes it: each line at the sale's price less its own discount
 * (at most the line), less the sale's discount, never below zero. The sale's own total while its lines are unchanged.
 */
export function editedTotalOf(sale: Pick<SaleDetails, 'itens' | 'total' | 'desconto'>, lines: readonly EditLine[]): number {
  const unchanged =
    lines.length === sale.itens.length &&
    lines.every(
      (line, index) => line.produtoId === sale.itens[index]?.produtoId && quantityOf(line) === sale.itens[index].quantidade,
    );
  if (unchanged) return sale.total;
  const netCents = lines.reduce((sum, line) => {
    const gross = Math.round(lineTotal(line) * 100);
    const discount = Math.round((sale.itens.find((item) => item.produtoId === line.produtoId)?.desconto ?? 0) * 100);
    return sum + gross - Math.min(discount, gross);
  }, 0);
  return Math.max(0, netCents - Math.round(sale.desconto * 100)) / 100;
}

export function linesOf(sale: SaleDetails): EditLine[] {
  return sale.itens.map((item) => ({
    produtoId: item.produtoId,
    nome: item.nome,
    marca: item.marca,
    unidade: item.unidade,
    preco: item.precoUnitario,
    quantidade: quantityTextOf(item.quantidade),
  }));
}

/** Adds a product: one step more when already listed, else a new line of 1 (1 kg, 100 g). */
export function withProduct(lines: readonly EditLine[], product: Omit<EditLine, 'quantidade'>): EditLine[] {
  const at = lines.findIndex((line) => line.produtoId === product.produtoId);
  if (at < 0) return [...lines, { ...product, quantidade: product.unidade === 'g' ? '100' : '1' }];
  return lines.map((line, index) => (index === at ? (stepped(line, 1) ?? line) : line));
}
