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
);

export type NewSale = v.InferInput<typeof newSaleSchema>;
export type NewSaleItem = NewSale['itens'][number];
