// The clients domain's command inputs: a client (name and phone required, spec 1 §5) and fiado ledger amounts.
// Limits are the server's CHECKs on public.clientes and public.fiado_lancamentos.
import * as v from 'valibot';
import { MAX_MONEY, optionalText, positiveNumber, recordId, requiredText } from '../contract/input.ts';

/** A phone as the server keeps it: digits only, at most 11; the mask's punctuation is dropped first. */
const phone = v.pipe(
  v.string('required'),
  v.transform((text) => text.replace(/[\s().-]/g, '')),
  v.nonEmpty('required'),
  v.regex(/^[0-9]+$/, 'invalid_format'),
  v.maxLength(11, 'too_long'),
);

const clientFields = {
  nome: requiredText(200),
  telefone: phone,
  observacoes: optionalText(2000),
};

export const newClientSchema = v.object(clientFields);

export const clientChangesSchema = v.partial(v.object({ ...clientFields, is_fiado: v.boolean('invalid_type') }));

/** 'Adicionar Débito' and 'Registrar Pagamento': a number above zero. */
export const ledgerEntrySchema = v.object({
  cliente_id: recordId,
  valor: positiveNumber(MAX_MONEY),
  descricao: optionalText(500),
});

export type NewClient = v.InferInput<typeof newClientSchema>;
export type ClientChanges = v.InferInput<typeof clientChangesSchema>;
export type LedgerEntry = v.InferInput<typeof ledgerEntrySchema>;
