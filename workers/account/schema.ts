// The account domain's command inputs that the device can check: the market name (spec 2 §5: at most 40
// characters, not blank once trimmed), as the server's users_nome_mercado_max_40 also requires.
import * as v from 'valibot';
import { requiredText } from '../contract/input.ts';

export const marketNameSchema = v.object({ nomeMercado: requiredText(40) });

export type MarketNameInput = v.InferInput<typeof marketNameSchema>;
