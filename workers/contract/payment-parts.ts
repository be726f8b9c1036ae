// A split payment's parts as commands give them (docs/product.md §10): a method of the sale's schema and an amount,
// at most one part per method. Shared by the sales and cart input schemas; the rule that the parts stand with the
// total is the till's `partsProblem`, checked once the total is known.
import * as v from 'valibot';
import type { VendasDoc } from '../../schemas/index.ts';
import { MAX_MONEY, numberIn } from './input.ts';

type PartMethod = NonNullable<VendasDoc['pagamentos']>[number]['forma'];

/** The methods a payment splits into, as `vendas.pagamentos` names them. */
export const PART_METHODS = ['dinheiro', 'cartao', 'pix', 'outro', 'fiado'] as const satisfies readonly PartMethod[];

/** One part per method at most: five methods, five parts. */
export const MAX_PARTS = PART_METHODS.length;

/** Whether no method appears twice among the parts. */
export function eachMethodOnce(parts: readonly { readonly forma: string }[]): boolean {
  return new Set(parts.map((part) => part.forma)).size === parts.length;
}

const partInput = v.object({
  forma: v.picklist(PART_METHODS, 'invalid_option'),
  valor: numberIn(0, MAX_MONEY),
});

/** Parts as a command gives them: at most five, each method once, amounts from zero. */
export const partsInput = v.pipe(
  v.array(partInput, 'invalid_type'),
  v.maxLength(MAX_PARTS, 'too_large'),
  v.check((parts) => eachMethodOnce(parts), 'repeated_method'),
);
