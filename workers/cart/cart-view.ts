// The cart as the screens show it and as it is sold (pure): lines in the order they were added with subtotals
// and the stock shown now, the sale's options with their defaults, what a split payment still misses, and the sale
// a finished cart becomes.
import { cents } from '../db/records.ts';
import { MAX_PARTS } from '../contract/payment-parts.ts';
import type { NewSale } from '../sales/schema.ts';
import { PAYMENT_BUCKETS, type PaymentBucket } from '../till/summary.ts';
import {
  CARD_KINDS,
  cashDueOfOneMethod,
  cashReceivedOf,
  DEFAULT_CART_OPTIONS,
  discountCents,
  discountOf,
  type Discount,
  PAYMENT_METHODS,
  type PaymentPart,
  paymentOf,
  quantityOf,
  soldPartsOf,
  splitPaymentOf,
  type CartOptions,
} from './schema.ts';

/** A cart item as kept on the device (docs/product.md §3): the product's name and price when it was added. */
export interface CartLine {
  readonly produto_id: string;
  readonly nome: string;
  readonly marca: string | null;
  readonly preco: number;
  readonly unidade: string;
  /** As typed: '2', '0,750', or '' while a weight is being typed. */
  readonly quantidade: string;
  /** Position in the cart (the order of adding). */
  readonly ordem: number;
  /** The line's discount as typed (absent: none). */
  readonly desconto?: Discount | null;
}

export interface CartLineView extends CartLine {
  /** Quantity times price, before the line's discount. */
  readonly subtotal: number;
  /** The line's discount in reais (0 without one), never more than its subtotal. */
  readonly descontoValor: number;
  /** The product's stock shown now (derived from the device's facts). */
  readonly estoque: number;
  /** Sells more than the stock shows: allowed (the shelf is the truth), marked 'Acima do estoque'. */
  readonly acimaDoEstoque: boolean;
  /** Sold by weight (kg or g): a weight field instead of the steppers. */
  readonly pesavel: boolean;
}

export interface CartView {
  readonly itens: readonly CartLineView[];
  /** How many lines (products) the cart holds. */
  readonly count: number;
  /** The lines' subtotals before any discount. */
  readonly bruto: number;
  /** Every discount in reais: the lines' and the sale's. */
  readonly descontos: number;
  /** What the client pays: `bruto` less `descontos`, never below zero. */
  readonly total: number;
  /**
   * 'Falta': the total less the split payment's parts, in reais (negative when the parts pass it); 0 when the sale
   * is paid by one method.
   */
  readonly falta: number;
  readonly opcoes: CartOptions;
}

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const isBucket = (value: unknown): value is PaymentBucket => PAYMENT_BUCKETS.includes(value as PaymentBucket);

/** One stored part, read back; null when it is not a method with an amount from zero. */
function typedPartOf(value: unknown): PaymentPart | null {
  if (typeof value !== 'object' || value === null) return null;
  const { forma, valor } = value as { forma?: unknown; valor?: unknown };
  if (!isBucket(forma) || typeof valor !== 'number' || !Number.isFinite(valor) || valor < 0) return null;
  return { forma, valor };
}

/** The stored parts read back: the readable ones, each method once, at most five; null when none is readable. */
export function typedPartsOf(value: unknown): readonly PaymentPart[] | null {
  if (!Array.isArray(value)) return null;
  const parts: PaymentPart[] = [];
  for (const item of value as readonly unknown[]) {
    const part = typedPartOf(item);
    if (part && parts.length < MAX_PARTS && !parts.some((kept) => kept.forma === part.forma)) parts.push(part);
  }
  return parts.length > 0 ? parts : null;
}

/** The stored options over their defaults (anything unreadable falls back to the default). */
export function optionsOf(stored: Readonly<Record<string, unknown>>): CartOptions {
  const d = DEFAULT_CART_OPTIONS;
  return {
    tipo: pick(stored.tipo, ['avista', 'fiado'], d.tipo),
    cliente_id: typeof stored.cliente_id === 'string' ? stored.cliente_id : null,
    cliente_nome: typeof stored.cliente_nome === 'string' ? stored.cliente_nome : null,
    forma_pagamento: pick(stored.forma_pagamento, PAYMENT_METHODS, d.forma_pagamento),
    tipo_cartao: pick(stored.tipo_cartao, CARD_KINDS, d.tipo_cartao),
    parcelas: typeof stored.parcelas === 'number' ? stored.parcelas : d.parcelas,
    outro: typeof stored.outro === 'string' ? stored.outro : d.outro,
    desconto: discountOf(stored.desconto),
    valor_recebido:
      typeof stored.valor_recebido === 'number' && Number.isFinite(stored.valor_recebido) && stored.valor_recebido >= 0
        ? stored.valor_recebido
        : d.valor_recebido,
    pagamentos: typedPartsOf(stored.pagamentos),
  };
}

/** What the parts still miss of the total, in cents (negative when they pass it); 0 when paid by one method. */
function missingCents(totalCents: number, parts: readonly PaymentPart[] | null): number {
  if (parts === null) return 0;
  return totalCents - parts.reduce((sum, part) => sum + Math.round(part.valor * 100), 0);
}

const byOrder = (lines: Iterable<CartLine>) => [...lines].sort((a, b) => a.ordem - b.ordem);

export function viewOfCart(
  lines: Iterable<CartLine>,
  stored: Readonly<Record<string, unknown>>,
  stockOf: (productId: string) => number,
): CartView {
  const options = optionsOf(stored);
  const priced = pricedLines(lines, options);
  const itens = priced.lines.map(({ line, quantidade, grossCents, discount }): CartLineView => {
    const estoque = stockOf(line.produto_id);
    return {
      ...line,
      subtotal: grossCents / 100,
      descontoValor: discount / 100,
      estoque,
      acimaDoEstoque: Math.round(quantidade * 1000) > Math.round(estoque * 1000),
      pesavel: line.unidade === 'kg' || line.unidade === 'g',
    };
  });
  const grossCents = priced.lines.reduce((sum, line) => sum + line.grossCents, 0);
  return {
    itens,
    count: itens.length,
    bruto: grossCents / 100,
    descontos: (grossCents - priced.totalCents) / 100,
    total: priced.totalCents / 100,
    falta: missingCents(priced.totalCents, options.pagamentos) / 100,
    opcoes: options,
  };
}

/** Each line's quantity, gross amount and discount in cents, the sale's discount and what is left to pay. */
function pricedLines(lines: Iterable<CartLine>, options: CartOptions) {
  const priced = byOrder(lines).map((line) => {
    const quantidade = quantityOf(line.quantidade);
    const grossCents = Math.round(cents(line.preco * quantidade) * 100);
    return { line, quantidade, grossCents, discount: discountCents(grossCents, line.desconto ?? null) };
  });
  const netCents = priced.reduce((sum, line) => sum + line.grossCents - line.discount, 0);
  const saleDiscount = discountCents(netCents, options.desconto);
  return { lines: priced, saleDiscount, totalCents: netCents - saleDiscount };
}

/**
 * The sale a cart becomes: its lines above zero at the price shown, the type, customer and payment columns, and the
 * cash received when it covers the total. A split cart (docs/product.md §10) is sold with its parts above zero,
 * fiado when one is fiado, the method columns naming the first other part, the cash received against the cash part.
 */
export function saleOfCart(lines: Iterable<CartLine>, stored: Readonly<Record<string, unknown>>): NewSale {
  const options = optionsOf(stored);
  const priced = pricedLines(lines, options);
  const itens = priced.lines
    .filter((line) => line.quantidade > 0)
    .map(({ line, quantidade, discount }) => ({
      produto_id: line.produto_id,
      quantidade,
      preco_unitario: line.preco,
      ...(discount > 0 ? { desconto: discount / 100 } : {}),
    }));
  const desconto = priced.saleDiscount > 0 ? priced.saleDiscount / 100 : null;
  const parts = soldPartsOf(options);
  if (parts !== null) {
    const cashPart = parts.find((part) => part.forma === 'dinheiro')?.valor ?? null;
    return {
      itens,
      ...splitPaymentOf(options, parts),
      cliente_id: options.cliente_id,
      desconto,
      valor_recebido: cashReceivedOf(options, cashPart),
      pagamentos: parts,
    };
  }
  const sale: NewSale = { itens, tipo: options.tipo, cliente_id: options.cliente_id, ...paymentOf(options), desconto };
  return { ...sale, valor_recebido: cashReceivedOf(options, cashDueOfOneMethod(options, totalOf(sale))) };
}

/** A sale's total as sales.register stores it: each line rounded to cents less its discount, less the sale's. */
export function totalOf(sale: NewSale): number {
  const linesCents = sale.itens.reduce(
    (sum, item) =>
      sum + Math.round(cents((item.preco_unitario ?? 0) * item.quantidade) * 100) - Math.round((item.desconto ?? 0) * 100),
    0,
  );
  return (linesCents - Math.round((sale.desconto ?? 0) * 100)) / 100;
}
