// The checks of the amount typed in 'Registrar Pagamento' and 'Adicionar Débito' (typing and reading it:
// src/lib/money-input.ts): above zero, and a payment not above the balance.
import { ledgerEntrySchema } from '../../../workers/clients/schema.ts';
import { checkInput } from '../../../workers/contract/input.ts';
import { fieldMessages } from '../../i18n/errors.ts';
import { parseMoney } from '../../lib/money-input.ts';

/** Reais to whole cents without floating-point drift. */
function toCents(value: number): number {
  return Math.round(Number((value * 100).toFixed(6)));
}

export type AmountKind = 'pagamento' | 'debito';

export type AmountCheck =
  | { readonly ok: true; readonly valor: number }
  | { readonly ok: false; readonly reason: 'invalid' | 'exceeds'; readonly message: string };

/**
 * Checks an amount with the worker's own rule (a number above zero) and, for a payment, that it does not exceed
 * the current balance.
 */
export function checkAmount(text: string, kind: AmountKind, clienteId: string, balance: number): AmountCheck {
  const valor = parseMoney(text);
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
