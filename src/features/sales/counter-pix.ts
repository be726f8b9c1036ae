// PIX at the counter: the shop's BR Code with the sale's total, made on the device from the signed-in profile
// (cached, so it works offline); nothing without a key.
import { pixPayload } from '../clients/index.ts';
import { marketNameOf } from '../account/index.ts';

export type CounterPix = { readonly kind: 'no_key' } | { readonly kind: 'code'; readonly code: string };

export function counterPixOf(
  profile: { chave_pix: string | null; nome_mercado: string | null; cidade: string | null } | null,
  total: number,
): CounterPix {
  if (!profile?.chave_pix) return { kind: 'no_key' };
  return {
    kind: 'code',
    code: pixPayload({
      key: profile.chave_pix,
      merchantName: marketNameOf(profile.nome_mercado),
      merchantCity: profile.cidade ?? '',
      amount: total,
    }),
  };
}
