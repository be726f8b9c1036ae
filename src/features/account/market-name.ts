// Renaming the market on /account: the worker's rule (not blank once trimmed, at most 40 characters), plus the
// form's own: the name must differ from the current one.
import { marketNameSchema } from '../../../workers/account/schema.ts';
import { checkInput, type InputCheck } from '../../../workers/contract/input.ts';
import type { DataClient } from '../../lib/data-client.ts';

export function checkMarketName(nomeMercado: string, current: string | null): InputCheck<typeof marketNameSchema> {
  const checked = checkInput(marketNameSchema, { nomeMercado });
  if (checked.ok && checked.value.nomeMercado === (current ?? '').trim()) {
    return { ok: false, issues: [{ field: 'nomeMercado', code: 'unchanged' }] };
  }
  return checked;
}

export async function updateMarketName(data: DataClient, nomeMercado: string): Promise<void> {
  await data.account.updateMarketName(nomeMercado);
}
