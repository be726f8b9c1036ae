// The sales domain's command input: a sale with at least one item; fiado needs its client (docs/product.md §5); a
// split payment's parts (§10). Limits are the server's rules on public.vendas and its items.
import * as v from 'valibot';
import { MAX_MONEY, MAX_QUANTITY, numberIn, optionalText, positiveNumber, recordId } from '../contract/input.ts';
import { partsInput } from '../contract/payment-parts.ts';

const saleItem = v.object({
  produto_id: recordId,
  quantidade: positiveNumber(MAX_QUANTITY),
  /** Defaults to the product's price. */
  preco_unitario: v.optional(numberIn(0, MAX_MONEY)),
  /** The line's discount in reais, at most the line's amount (checked when it is stored). */
  desconto: v.optional(numberIn(0, MAX_MONEY)),
});

/**
 * One line per product, as the server keeps itens_venda (it sums a product listed twice into one row): a repeated
 * product's quantity is added to its first line, whose price stays. Quantities are summed in thousandths.
 */
export function mergeRepeatedProducts<Line extends { produto_id: string; quantidade: number }>(itens: readonly Line[]): Line[] {
  const merged = new Map<string, Line>();
  for (const item of itens) {
    const first = merged.get(item.produto_id);
    merged.set(
      item.produto_id,
      first ? { ...first, quantidade: (Math.round(first.quantidade * 1000) + Math.round(item.quantidade * 1000)) / 1000 } : item,
    );
  }
  return [...merged.values()];
}

export const newSaleSchema = v.pipe(
  v.object({
    itens: v.pipe(v.array(saleItem, 'invalid_type'), v.minLength(1, 'empty_list')),
    tipo: v.optional(v.picklist(['avista', 'fiado'], 'invalid_option'), 'avista'),
    cliente_id: v.nullish(recordId, null),
    forma_pagamento: optionalText(60),
    forma_pagamento_descricao: optionalText(2000),
    /** The cash received at the counter (a sale paid in cash); checked against the total when it is stored. */
    valor_recebido: v.nullish(numberIn(0, MAX_MONEY), null),
    /** The sale's own discount in reais, at most what the lines come to after theirs. */
    desconto: v.nullish(numberIn(0, MAX_MONEY), null),
    /** A split payment's parts (null: one method); checked against the total when it is stored. */
    pagamentos: v.nullish(partsInput, null),
  }),
  v.forward(
    v.check((sale) => sale.tipo !== 'fiado' || sale.cliente_id !== null, 'required'),
    ['cliente_id'],
  ),
  v.transform((sale) => ({ ...sale, itens: mergeRepeatedProducts(sale.itens) })),
);

export type NewSale = v.InferInput<typeof newSaleSchema>;
export type NewSaleItem = NewSale['itens'][number];

/** An edited line: the product and its new quantity; 0 or less removes the line (docs/product.md §5). */
const editedItem = v.object({
  produto_id: recordId,
  quantidade: v.pipe(
    v.number((issue) => (issue.input === undefined || issue.input === null ? 'required' : 'not_a_number')),
    v.finite('not_a_number'),
    v.maxValue(MAX_QUANTITY, 'too_large'),
  ),
});

/** A real day of the calendar (the server's date column refuses 2025-02-30). */
function isCalendarDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** 'Editar Venda': date required (yyyy-MM-dd), at least one line above zero, fiado needs a customer. */
export const saleEditSchema = v.pipe(
  v.object({
    id: recordId,
    data: v.pipe(
      v.string('required'),
      v.nonEmpty('required'),
      v.isoDate('invalid_format'),
      v.check(isCalendarDate, 'invalid_format'),
    ),
    tipo: v.picklist(['avista', 'fiado'], 'invalid_option'),
    cliente_id: v.nullish(recordId, null),
    forma_pagamento: optionalText(60),
    forma_pagamento_descricao: optionalText(2000),
    /**
     * The parts of a split payment, or null to go back to one method; absent keeps the sale's parts. Checked against
     * the edited total: parts that no longer add up are refused.
     */
    pagamentos: v.optional(v.nullable(partsInput)),
    itens: v.pipe(
      v.array(editedItem, 'invalid_type'),
      v.check((items) => items.some((item) => item.quantidade > 0), 'empty_list'),
    ),
  }),
  v.forward(
    v.check((sale) => sale.tipo !== 'fiado' || sale.cliente_id !== null, 'required'),
    ['cliente_id'],
  ),
  // As in a new sale: one line per product (a line brought to zero or below then drops out).
  v.transform((sale) => ({ ...sale, itens: mergeRepeatedProducts(sale.itens) })),
);

export type SaleEdit = v.InferInput<typeof saleEditSchema>;
export type SaleEditItem = SaleEdit['itens'][number];
