// The new sale's rules that need no worker (docs/product.md §5): a cart weight left empty, the steppers, the weighed
// products' weight check, why a cart cannot be finished yet, and the barcode repeat window.
import type { CartView } from '../../../workers/api.ts';
import { DataError } from '../../../workers/contract/errors.ts';
import { counterText } from '../../i18n/counter.pt-BR.ts';
import { newSaleText } from '../../i18n/new-sale.pt-BR.ts';
import { issueMessage } from '../../i18n/errors.ts';
import { readQuantity } from '../../lib/number-input.ts';
import { partsProblemOf, partValue } from './payment-parts.ts';

const copy = newSaleText;

/** Repeated identical scans within this window are ignored (docs/product.md §9). */
export const REPEAT_SCAN_WINDOW_MS = 1000;

/** A weight field left empty becomes 1 when it loses focus. */
export function weightOnBlur(text: string): string {
  return text.trim() === '' ? '1' : text;
}

/** A unit product's stepper: one more or one less, never below 1. */
export function stepQuantity(text: string, delta: 1 | -1): string {
  const current = Number.parseInt(text, 10);
  const base = Number.isFinite(current) && current > 0 ? current : 1;
  return String(Math.max(1, base + delta));
}

export type WeightCheck =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly reason: 'required' | 'invalid' | 'too_precise' | 'too_large' };

/**
 * The weighed products screen (typed the Brazilian way, src/lib/number-input.ts): an empty weight is 'Peso
 * obrigatório'; unreadable, negative or 0 is 'Peso inválido'; more than three decimals or above the limit say so.
 */
export function checkWeight(text: string, unit: string): WeightCheck {
  if (text.trim() === '') return { ok: false, reason: 'required' };
  const reading = readQuantity(text, unit);
  if (reading.ok) return reading.value > 0 ? { ok: true, value: reading.value } : { ok: false, reason: 'invalid' };
  if (reading.problem === 'too_large') return { ok: false, reason: 'too_large' };
  if (reading.problem === 'too_many_decimals' || reading.problem === 'not_whole') return { ok: false, reason: 'too_precise' };
  return { ok: false, reason: 'invalid' };
}

/**
 * Why 'Finalizar Venda' is refused before asking the worker: no line above zero, fiado without a customer, or a
 * 'Parcelado' card whose number of installments the owner has not picked (1x is never assumed). A split payment
 * needs two methods or more whose amounts come to the total, the client when it has a fiado part, and the number of
 * installments when its card part is 'Parcelado'.
 */
export function finishProblem(
  cart: Pick<CartView, 'itens' | 'opcoes' | 'total'>,
  installmentsChosen = true,
): 'empty' | 'customer' | 'installments' | 'splitFew' | 'splitRest' | null {
  const counted = cart.itens.filter((line) => Number(line.quantidade.replace(',', '.')) > 0);
  if (counted.length === 0) return 'empty';
  const { tipo, forma_pagamento, tipo_cartao, parcelas, pagamentos: parts } = cart.opcoes;
  const installmentsMissing = tipo_cartao === 'parcelado' && !installmentsChosen && parcelas < 2;
  if (parts) {
    const problem = partsProblemOf(cart.total, parts);
    if (problem) return problem === 'few' ? 'splitFew' : 'splitRest';
    if (partValue(parts, 'fiado') > 0 && cart.opcoes.cliente_id === null) return 'customer';
    return partValue(parts, 'cartao') > 0 && installmentsMissing ? 'installments' : null;
  }
  if (tipo === 'fiado' && cart.opcoes.cliente_id === null) return 'customer';
  return tipo === 'avista' && forma_pagamento === 'cartao' && installmentsMissing ? 'installments' : null;
}

/** The barcode field ignores the same code read again within a second (a scanner that repeats itself). */
export function isRepeatScan(last: { code: string; at: number } | null, code: string, now: number): boolean {
  return last !== null && last.code === code && now - last.at < REPEAT_SCAN_WINDOW_MS;
}

/** The toasts of a cart that cannot be finished (docs/product.md §8): 'Carrinho vazio', 'Cliente obrigatório'. */
export const PROBLEM_TOAST = {
  empty: { title: copy.emptyCart, description: copy.emptyCartText },
  customer: { title: copy.customerRequired, description: copy.customerRequiredText },
  installments: { title: counterText.installmentsRequired, description: counterText.installmentsRequiredText },
  splitFew: { title: counterText.splitIncomplete, description: counterText.splitFewText },
  splitRest: { title: counterText.splitIncomplete, description: counterText.splitRestText },
} as const;

/**
 * The toast for a refused checkout: nobody signed in, the worker's issue on `itens` or `cliente_id`, split parts
 * refused (`pagamentos`, in the worker's words), else the generic one.
 */
export function finishFailure(thrown: unknown): { title: string; description: string } {
  const failure = DataError.from(thrown);
  if (failure.code === 'not_signed_in') return { title: copy.errorTitle, description: copy.notSignedIn };
  const fields = failure.issues.map((issue) => issue.field);
  if (fields.includes('itens')) return PROBLEM_TOAST.empty;
  if (fields.includes('cliente_id')) return PROBLEM_TOAST.customer;
  const parts = failure.issues.find((issue) => issue.field === 'pagamentos' || issue.field.startsWith('pagamentos.'));
  if (parts) return { title: counterText.splitIncomplete, description: issueMessage('sales', parts) };
  return { title: copy.errorTitle, description: copy.finishFailed };
}
