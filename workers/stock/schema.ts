// The stock domain's command inputs: a count ('ajuste', zero or more) and goods received ('entrada', above zero).
// Limits are the server's CHECKs on public.historico_estoque.
import * as v from 'valibot';
import { MAX_QUANTITY, numberIn, optionalText, positiveNumber, recordId } from '../contract/input.ts';

export const stockCountSchema = v.object({
  produto_id: recordId,
  quantidade: numberIn(0, MAX_QUANTITY),
  observacao: optionalText(500),
});

export const stockReceiptSchema = v.object({
  produto_id: recordId,
  quantidade: positiveNumber(MAX_QUANTITY),
  observacao: optionalText(500),
});

export type StockCount = v.InferInput<typeof stockCountSchema>;
export type StockReceipt = v.InferInput<typeof stockReceiptSchema>;
