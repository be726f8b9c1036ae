// The amount typed in 'Registrar Pagamento' and 'Adicionar Débito' (spec 1 §5 Money input): digits and one
// comma as decimal separator, at most two decimals; what is not a valid amount reads as 0.
import { ledgerEntrySchema } from '../../../workers/clients/schema.ts';
import { checkInput } from '../../../workers/contract/input.ts';
import { fieldMessages } from '../../i18n/errors.ts';

/** Keeps what an amount may contain as it is typed: digits, one comma, two decimals (a dot becomes a comma). */
export function sanitizeAmountInput(text: string): string {
  const unified = text.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const comma = unified.indexOf(',');
  if (comma < 0) return unified;
  const whole = unified.slice(0, comma);
  const decimals = unified
    .slice(comma + 1)
    .replace(/,/g, '')
    .slice(0, 2);
  return `${whole},${decimals}`;
}

/** The amount in reais; 0 when nothing valid was typed ('', ',', 'abc'). */
export function parseAmount(text: string): number {
  const cleaned = sanitizeAmountInput(text);
  const value = Number(cleaned.replace(',', '.'));
  return cleaned === '' || cleaned === ',' || !Number.isFinite(value) ? 0 : value;
}

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
  const valor = parseAmount(text);
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
