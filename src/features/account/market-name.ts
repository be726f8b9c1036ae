// Renaming the market on /account: at most 40 characters, not blank once trimmed, different from the current one.
import * as v from 'valibot';
import { t } from '../../i18n/pt-BR.ts';
import type { DataClient } from '../../lib/data-client.ts';

export function marketNameSchema(current: string | null) {
  return v.object({
    nomeMercado: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(t.account.marketNameRequired),
      v.maxLength(40, t.account.marketNameTooLong),
      v.check((name) => name !== (current ?? '').trim(), t.account.marketNameUnchanged),
    ),
  });
}

export async function updateMarketName(data: DataClient, nomeMercado: string): Promise<void> {
  await data.account.updateMarketName(nomeMercado);
}
