// The cart's command inputs (docs/product.md §3 cart item, §4, §5): a line's quantity as typed (digits and one comma),
// the sale's type and payment method, the payment description the server keeps as JSON text, discounts, and a split
// payment's parts as typed (§10).
import * as v from 'valibot';
import { MAX_MONEY, MAX_QUANTITY, numberIn, optionalText, positiveNumber, recordId, requiredText } from '../contract/input.ts';
import { partsInput, type PART_METHODS } from '../contract/payment-parts.ts';

/** A part of a split payment as the cart keeps it: a method and its amount in reais (the till's `PaymentPart`). */
export interface PaymentPart {
  readonly forma: (typeof PART_METHODS)[number];
  readonly valor: number;
}

/** Card installments (docs/product.md §9). */
export const MAX_INSTALLMENTS = 12;

export const PAYMENT_METHODS = ['dinheiro', 'cartao', 'pix', 'outro'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CARD_KINDS = ['avista', 'parcelado'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

// Discounts at the counter (docs/product.md §10): a line's or the sale's, typed in reais or as a percentage, turned
// into an amount in whole cents that never exceeds what it discounts, so a total never goes below zero.
export const DISCOUNT_KINDS = ['valor', 'percentual'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A discount as typed: an amount in reais ('valor') or a percentage of what it applies to ('percentual'). */
export interface Discount {
  readonly tipo: DiscountKind;
  readonly valor: number;
}

export const discountSchema = v.pipe(
  v.object({ tipo: v.picklist(DISCOUNT_KINDS, 'invalid_option'), valor: numberIn(0, MAX_MONEY) }),
  v.forward(
    v.check((discount) => discount.tipo !== 'percentual' || discount.valor <= 100, 'too_large'),
    ['valor'],
  ),
);

/** The discount in cents on `baseCents`: a percentage rounded to the cent, an amount as typed; at most the base. */
export function discountCents(baseCents: number, discount: Discount | null): number {
  if (!discount || baseCents <= 0) return 0;
  const asked =
    discount.tipo === 'percentual' ? Math.round((baseCents * discount.valor) / 100) : Math.round(discount.valor * 100);
  return Math.max(0, Math.min(baseCents, asked));
}

/** A discount kept in the cart, read back (null, absent or unreadable: none). */
export function discountOf(value: unknown): Discount | null {
  if (typeof value !== 'object' || value === null) return null;
  const result = v.safeParse(discountSchema, value);
  return result.success ? result.output : null;
}

/** A quantity as the cart keeps it: digits with at most one comma ('2', '0,750', '' while typing). */
export const quantityText = v.pipe(
  v.string('invalid_type'),
  v.maxLength(20, 'too_long'),
  v.regex(/^\d*(,\d*)?$/, 'invalid_format'),
);

/** The number a cart quantity stands for; empty or unreadable is 0 (such a line does not count, docs/product.md §5). */
export function quantityOf(text: string): number {
  const cleaned = text.replace(',', '.');
  if (!/^\d*\.?\d*$/.test(cleaned) || cleaned === '' || cleaned === '.') return 0;
  const value = Number(cleaned.startsWith('.') ? `0${cleaned}` : cleaned);
  return Number.isFinite(value) ? Math.round(value * 1000) / 1000 : 0;
}

/** A number as the cart shows it: 2.5 → '2,5'. */
export function quantityTextOf(value: number): string {
  return String(Math.round(value * 1000) / 1000).replace('.', ',');
}

/** 'Adicionar': a product, and the weight for a weighed one (one unit otherwise). */
export const addToCartSchema = v.object({
  produto_id: recordId,
  quantidade: v.optional(positiveNumber(MAX_QUANTITY)),
});

/** A line's quantity as typed. */
export const cartQuantitySchema = v.object({ produto_id: recordId, quantidade: quantityText });

export const barcodeSchema = requiredText(60);

/** The sale's choices kept with the cart; each may be set alone. */
export const cartOptionsSchema = v.partial(
  v.object({
    tipo: v.picklist(['avista', 'fiado'], 'invalid_option'),
    cliente_id: v.nullable(recordId),
    cliente_nome: v.nullable(v.pipe(v.string('invalid_type'), v.maxLength(200, 'too_long'))),
    forma_pagamento: v.picklist(PAYMENT_METHODS, 'invalid_option'),
    tipo_cartao: v.picklist(CARD_KINDS, 'invalid_option'),
    parcelas: v.pipe(
      v.number('invalid_type'),
      v.integer('invalid_type'),
      v.minValue(1, 'too_small'),
      v.maxValue(MAX_INSTALLMENTS, 'too_large'),
    ),
    outro: v.pipe(v.string('invalid_type'), v.maxLength(200, 'too_long')),
    /** 'Valor recebido' in cash, in reais (null while nothing readable is typed). */
    valor_recebido: v.nullable(numberIn(0, MAX_MONEY)),
    /** The sale's own discount, on what the lines come to after theirs. */
    desconto: v.nullable(discountSchema),
    /**
     * 'Dividir pagamento': the parts as typed (one at least, at most one per method, amounts from zero while they are
     * typed); null pays by one method again. Whether they add up is checked when the sale is finished.
     */
    pagamentos: v.nullable(v.pipe(partsInput, v.minLength(1, 'too_few_parts'))),
  }),
);

/** A line's discount (null removes it). */
export const lineDiscountSchema = v.object({ produto_id: recordId, desconto: v.nullable(discountSchema) });
export type LineDiscount = v.InferInput<typeof lineDiscountSchema>;

export type AddToCart = v.InferInput<typeof addToCartSchema>;
export type CartQuantity = v.InferInput<typeof cartQuantitySchema>;
export type CartOptionsInput = v.InferInput<typeof cartOptionsSchema>;

export interface CartOptions {
  readonly tipo: 'avista' | 'fiado';
  readonly cliente_id: string | null;
  readonly cliente_nome: string | null;
  readonly forma_pagamento: PaymentMethod;
  readonly tipo_cartao: CardKind;
  readonly parcelas: number;
  readonly outro: string;
  readonly valor_recebido: number | null;
  readonly desconto: Discount | null;
  /** A split payment's parts as typed; null when the sale is paid by one method. */
  readonly pagamentos: readonly PaymentPart[] | null;
}

export const DEFAULT_CART_OPTIONS: CartOptions = {
  tipo: 'avista',
  cliente_id: null,
  cliente_nome: null,
  forma_pagamento: 'dinheiro',
  tipo_cartao: 'avista',
  parcelas: 1,
  outro: '',
  valor_recebido: null,
  desconto: null,
  pagamentos: null,
};

const otherText = optionalText(200);

const toCents = (reais: number) => Math.round(reais * 100);

/**
 * The cash received stored with the sale: only for what is paid in cash (a cash sale's total, a split sale's cash
 * part: `cashDue`, null when nothing is), and only when it covers it (less received is what the counter shows as
 * still missing, not a payment).
 */
export function cashReceivedOf(options: CartOptions, cashDue: number | null): number | null {
  if (cashDue === null || options.valor_recebido === null) return null;
  return toCents(options.valor_recebido) >= toCents(cashDue) ? options.valor_recebido : null;
}

/** What a cart paid by one method has to receive in cash: the total of an à vista cash sale, else nothing. */
export function cashDueOfOneMethod(options: CartOptions, total: number): number | null {
  return options.tipo === 'avista' && options.forma_pagamento === 'dinheiro' ? total : null;
}

/**
 * The sale's payment columns (docs/product.md §3): only an à vista sale has a method. A card keeps
 * `{"tipo_cartao":"avista"|"parcelado","parcelas":n}` (1 for à vista), another method its free text as
 * `{"descricao":"…"}` (null when blank); cash and pix have no description.
 */
export function paymentOf(options: CartOptions): { forma_pagamento: string | null; forma_pagamento_descricao: string | null } {
  if (options.tipo === 'fiado') return { forma_pagamento: null, forma_pagamento_descricao: null };
  if (options.forma_pagamento === 'cartao') {
    const parcelas =
      options.tipo_cartao === 'parcelado' ? Math.min(MAX_INSTALLMENTS, Math.max(1, Math.trunc(options.parcelas))) : 1;
    return {
      forma_pagamento: 'cartao',
      forma_pagamento_descricao: JSON.stringify({ tipo_cartao: options.tipo_cartao, parcelas }),
    };
  }
  if (options.forma_pagamento === 'outro') {
    const text = v.parse(otherText, options.outro);
    return { forma_pagamento: 'outro', forma_pagamento_descricao: text === null ? null : JSON.stringify({ descricao: text }) };
  }
  return { forma_pagamento: options.forma_pagamento, forma_pagamento_descricao: null };
}

/** The parts a split cart is sold with: those above zero once rounded to the cent (null: paid by one method). */
export function soldPartsOf(options: CartOptions): PaymentPart[] | null {
  if (options.pagamentos === null) return null;
  return options.pagamentos
    .map((part) => ({ forma: part.forma, valor: toCents(part.valor) / 100 }))
    .filter((part) => toCents(part.valor) > 0);
}

type OtherPart = PaymentPart & { readonly forma: PaymentMethod };
const isOtherPart = (part: PaymentPart): part is OtherPart => part.forma !== 'fiado';

/** Methods whose part keeps words in the sale's method columns: a card's kind and installments, another method's text. */
const DESCRIBED_METHODS: ReadonlySet<string> = new Set(['cartao', 'outro']);

/**
 * A split sale's type and payment columns (docs/product.md §10): fiado when a part is fiado; the method columns
 * name the first part paid otherwise that has words to keep (a card's installments, another method's text), else
 * the first part paid otherwise, described as `paymentOf` describes it, so a reader of one method sees that one.
 */
export function splitPaymentOf(
  options: CartOptions,
  parts: readonly PaymentPart[],
): { tipo: 'avista' | 'fiado'; forma_pagamento: string | null; forma_pagamento_descricao: string | null } {
  const tipo = parts.some((part) => part.forma === 'fiado') ? 'fiado' : 'avista';
  const paid = parts.filter(isOtherPart);
  const other = paid.find((part) => DESCRIBED_METHODS.has(part.forma)) ?? paid[0];
  if (other === undefined) return { tipo, forma_pagamento: null, forma_pagamento_descricao: null };
  return { tipo, ...paymentOf({ ...options, tipo: 'avista', forma_pagamento: other.forma }) };
}
