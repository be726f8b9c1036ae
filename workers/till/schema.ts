// The till's command inputs (fechamento de caixa): opening float, a withdrawal or an addition while open, and the
// cash counted at closing. Limits are the server's CHECKs on public.fechamentos_caixa.
import * as v from 'valibot';
import { MAX_MONEY, numberIn, optionalText, positiveNumber } from '../contract/input.ts';

export const openTillSchema = v.object({
  /** 'Troco inicial': the cash in the drawer when the till opens (zero allowed). */
  troco_inicial: numberIn(0, MAX_MONEY),
});

export const tillMovementSchema = v.object({
  /** 'sangria' takes cash out of the drawer, 'suprimento' puts cash in. */
  tipo: v.picklist(['sangria', 'suprimento'], 'invalid_option'),
  valor: positiveNumber(MAX_MONEY),
  motivo: optionalText(200),
});

export const closeTillSchema = v.object({
  /** 'Dinheiro contado': the cash found in the drawer at closing. */
  valor_contado: numberIn(0, MAX_MONEY),
  observacoes: optionalText(500),
});

export type OpenTill = v.InferInput<typeof openTillSchema>;
export type TillMovementInput = v.InferInput<typeof tillMovementSchema>;
export type CloseTill = v.InferInput<typeof closeTillSchema>;
