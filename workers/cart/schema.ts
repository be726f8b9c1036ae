// The cart's command inputs (docs/product.md §3 cart item, §4, §5): a line's quantity as typed (digits and one comma),
// the sale's type and payment method, the payment description the server keeps as JSON text, and discounts.
import * as v from 'valibot';
import { MAX_MONEY, MAX_QUANTITY, numberIn, optionalText, positiveNumber, recordId, requiredText } from '../contract/input.ts';

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
};

const otherText = optionalText(200);

/**
 * The cash received stored with the sale: only for a sale paid in cash, and only when it covers the total
 * (less received is what the counter shows as still missing, not a payment).
 */
export function cashReceivedOf(options: CartOptions, total: number): number | null {
  if (options.tipo !== 'avista' || options.forma_pagamento !== 'dinheiro' || options.valor_recebido === null) return null;
  return Math.round(options.valor_recebido * 100) >= Math.round(total * 100) ? options.valor_recebido : null;
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
