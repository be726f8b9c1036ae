// The checks of the amount typed in 'Registrar Pagamento' and 'Adicionar Débito' (read the Brazilian way by
// src/lib/number-input.ts): readable, above zero, and a payment not above the balance.
import { ledgerEntrySchema } from '../../../workers/clients/schema.ts';
import { checkInput } from '../../../workers/contract/input.ts';
import { fieldMessages } from '../../i18n/errors.ts';
import { t } from '../../i18n/pt-BR.ts';
import { moneyProblem, readMoney, valueOf, type NumberProblem } from '../../lib/number-input.ts';

/** Reais to whole cents without floating-point drift. */
function toCents(value: number): number {
  return Math.round(Number((value * 100).toFixed(6)));
}

export type AmountKind = 'pagamento' | 'debito';

export type AmountCheck =
  | { readonly ok: true; readonly valor: number }
  | { readonly ok: false; readonly reason: 'invalid' | 'exceeds'; readonly message: string };

/** The spec's sentence for an amount that is not a number above zero. */
const invalidAmount = fieldMessages('ledger', [{ field: 'valor', code: 'not_positive' }]).valor ?? '';

/** What the amount field says, as the dialog shows it, when the text is negative or unreadable. */
export const amountProblemMessages: Partial<Record<NumberProblem, string>> = {
  negative: `${t.clients.invalidAmount}: ${invalidAmount}`,
  unreadable: `${t.clients.invalidAmount}: ${invalidAmount}`,
};

/**
 * Checks an amount with the worker's own rule (a number above zero) and, for a payment, that it does not exceed
 * the current balance. A negative or unreadable text is the invalid amount; too many decimals or above the
 * limit say so.
 */
export function checkAmount(text: string, kind: AmountKind, clienteId: string, balance: number): AmountCheck {
  const reading = readMoney(text);
  if (!reading.ok && reading.problem !== 'negative' && reading.problem !== 'unreadable') {
    return { ok: false, reason: 'invalid', message: moneyProblem(reading) ?? invalidAmount };
  }
  const valor = valueOf(reading);
  const checked = checkInput(ledgerEntrySchema, { cliente_id: clienteId, valor });
  if (!checked.ok) {
    const message = fieldMessages('ledger', checked.issues).valor;
    if (message) return { ok: false, reason: 'invalid', message };
  }
  if (kind === 'pagamento' && toCents(valor) > toCents(balance)) {
    return {
      ok: false,
      reason: 'exceeds',
      message: fieldMessages('ledger', [{ field: 'valor', code: 'exceeds_balance' }]).valor ?? '',
    };
  }
  return { ok: true, valor };
}
