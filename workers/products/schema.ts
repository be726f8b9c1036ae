// The products domain's command inputs (create, edit), shared by the worker (checked before every write) and the
// product form (field errors as the owner types). Limits are the server's CHECKs on public.produtos.
import * as v from 'valibot';
import { MAX_MONEY, MAX_QUANTITY, numberIn, optionalText, requiredText } from '../contract/input.ts';

const productFields = {
  nome: requiredText(200),
  preco: numberIn(0, MAX_MONEY),
  preco_compra: v.optional(numberIn(0, MAX_MONEY)),
  estoque_minimo: v.optional(numberIn(0, MAX_QUANTITY)),
  unidade: v.optional(requiredText(20)),
  descricao: optionalText(500),
  codigo_barras: optionalText(64),
  categoria: optionalText(60),
  marca: optionalText(100),
  local: optionalText(100),
  imagem_url: optionalText(1000),
};

export const newProductSchema = v.object({
  ...productFields,
  /** Stock at creation: recorded as a count (historico_estoque 'ajuste'). */
  estoque: v.optional(numberIn(0, MAX_QUANTITY)),
});

export const productChangesSchema = v.partial(v.object(productFields));

export type NewProduct = v.InferInput<typeof newProductSchema>;
export type ProductChanges = v.InferInput<typeof productChangesSchema>;
