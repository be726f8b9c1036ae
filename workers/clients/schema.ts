// The clients domain's command inputs: a client (name and phone required, docs/product.md §5; a fiado client may start with
// a balance, recorded as a debit of the ledger) and fiado ledger amounts.
// Limits are the server's CHECKs on public.clientes and public.fiado_lancamentos.
import * as v from 'valibot';
import { MAX_MONEY, numberIn, optionalText, positiveNumber, recordId, requiredText } from '../contract/input.ts';
import { optionalPhone, requiredPhone } from '../contract/phone.ts';

const clientFields = {
  nome: requiredText(200),
  telefone: requiredPhone,
  observacoes: optionalText(2000),
};

export const newClientSchema = v.object({
  ...clientFields,
  is_fiado: v.optional(v.boolean('invalid_type'), false),
  /** The balance the client starts with (only for a fiado client): a debit of the ledger, never a stored figure. */
  saldo_inicial: v.optional(numberIn(0, MAX_MONEY), 0),
  /** The opening debit's description in the statement. */
  saldo_inicial_descricao: optionalText(500),
});

/** 'Novo Cliente' from a fiado sale (docs/product.md §8): only the name is required; a phone, when given, is a valid one. */
export const saleCustomerSchema = v.object({ nome: requiredText(200), telefone: optionalPhone });

export const clientChangesSchema = v.partial(v.object({ ...clientFields, is_fiado: v.boolean('invalid_type') }));

/** 'Adicionar Débito' and 'Registrar Pagamento': a number above zero. */
export const ledgerEntrySchema = v.object({
  cliente_id: recordId,
  valor: positiveNumber(MAX_MONEY),
  descricao: optionalText(500),
});

/** Reversing a ledger entry: which one, and why (the reason becomes the reversal's description). */
export const ledgerReversalSchema = v.object({
  lancamento_id: recordId,
  motivo: requiredText(500),
});

export type LedgerReversal = v.InferInput<typeof ledgerReversalSchema>;
export type NewClient = v.InferInput<typeof newClientSchema>;
export type SaleCustomer = v.InferInput<typeof saleCustomerSchema>;
export type ClientChanges = v.InferInput<typeof clientChangesSchema>;
export type LedgerEntry = v.InferInput<typeof ledgerEntrySchema>;
