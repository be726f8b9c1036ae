// The sales domain's command input: a sale with at least one item; fiado needs its client (spec 2 §5). Limits
// are the server's rules on public.vendas and its items.
import * as v from 'valibot';
import { MAX_MONEY, MAX_QUANTITY, numberIn, optionalText, positiveNumber, recordId } from '../contract/input.ts';

const saleItem = v.object({
  produto_id: recordId,
  quantidade: positiveNumber(MAX_QUANTITY),
  /** Defaults to the product's price. */
  preco_unitario: v.optional(numberIn(0, MAX_MONEY)),
});

/** The lines that repeat a product listed above them (the server keeps one itens_venda row per product). */
export function repeatedProductLines(itens: readonly { produto_id: string }[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  itens.forEach((item, index) => {
    if (seen.has(item.produto_id)) repeated.push(index);
    seen.add(item.produto_id);
  });
  return repeated;
}

export const newSaleSchema = v.pipe(
  v.object({
    itens: v.pipe(v.array(saleItem, 'invalid_type'), v.minLength(1, 'empty_list')),
    tipo: v.optional(v.picklist(['avista', 'fiado'], 'invalid_option'), 'avista'),
    cliente_id: v.nullish(recordId, null),
    forma_pagamento: optionalText(60),
    forma_pagamento_descricao: optionalText(2000),
  }),
  v.forward(
    v.check((sale) => sale.tipo !== 'fiado' || sale.cliente_id !== null, 'required'),
    ['cliente_id'],
  ),
  // A product listed twice is refused on its second line, so the device never stores what the server refuses.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { itens } = dataset.value;
    for (const index of repeatedProductLines(itens)) {
      const item = itens[index];
      if (!item) continue;
      addIssue({
        message: 'duplicate',
        path: [
          { type: 'object', origin: 'value', input: dataset.value, key: 'itens', value: itens },
          { type: 'array', origin: 'value', input: itens, key: index, value: item },
          { type: 'object', origin: 'value', input: item, key: 'produto_id', value: item.produto_id },
        ],
      });
    }
  }),
);

export type NewSale = v.InferInput<typeof newSaleSchema>;
export type NewSaleItem = NewSale['itens'][number];

/** An edited line: the product and its new quantity; 0 or less removes the line (spec 2 §5). */
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
    itens: v.pipe(
      v.array(editedItem, 'invalid_type'),
      v.check((items) => items.some((item) => item.quantidade > 0), 'empty_list'),
    ),
  }),
  v.forward(
    v.check((sale) => sale.tipo !== 'fiado' || sale.cliente_id !== null, 'required'),
    ['cliente_id'],
  ),
  // As in a new sale: one line per product (a line at zero is dropped, so it repeats nothing).
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { itens } = dataset.value;
    const kept = itens.map((item, index) => ({ ...item, index })).filter((item) => item.quantidade > 0);
    for (const at of repeatedProductLines(kept)) {
      const line = kept[at];
      const item = line ? itens[line.index] : undefined;
      if (!line || !item) continue;
      addIssue({
        message: 'duplicate',
        path: [
          { type: 'object', origin: 'value', input: dataset.value, key: 'itens', value: itens },
          { type: 'array', origin: 'value', input: itens, key: line.index, value: item },
          { type: 'object', origin: 'value', input: item, key: 'produto_id', value: item.produto_id },
        ],
      });
    }
  }),
);

export type SaleEdit = v.InferInput<typeof saleEditSchema>;
export type SaleEditItem = SaleEdit['itens'][number];
