// The PIX key on /account: the worker's rule (pixKeySchema: key shapes, city with a key), plus the form's own:
// something must change.
import { pixKeySchema } from '../../../workers/account/schema.ts';
import { checkInput, type InputCheck } from '../../../workers/contract/input.ts';
import type { DataClient } from '../../lib/data-client.ts';

export interface PixKeyForm {
  readonly chavePix: string;
  readonly cidade: string;
}

export interface PixKeyCurrent {
  readonly chavePix: string | null;
  readonly cidade: string | null;
}

export function checkPixKey(form: PixKeyForm, current: PixKeyCurrent): InputCheck<typeof pixKeySchema> {
  const checked = checkInput(pixKeySchema, form);
  if (checked.ok && checked.value.chavePix === current.chavePix && checked.value.cidade === current.cidade) {
    return { ok: false, issues: [{ field: 'chavePix', code: 'unchanged' }] };
  }
  return checked;
}

export async function updatePixKey(data: DataClient, form: PixKeyForm): Promise<void> {
  await data.account.updatePixKey(form);
}
