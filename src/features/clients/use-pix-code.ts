// The owner's PIX copia-e-cola code for a client's balance, from the signed-in profile (cached: works offline).
import { useMemo } from 'react';
import { marketNameOf, useSignedInAccount } from '../account/index.ts';
import { pixPayload } from './pix.ts';

export type ClientPix =
  /** Nothing owed: no code to send. */
  | { readonly kind: 'none' }
  /** Something owed, but the owner has no PIX key yet. */
  | { readonly kind: 'no_key' }
  | { readonly kind: 'code'; readonly code: string };

export function clientPixOf(
  profile: { chave_pix: string | null; nome_mercado: string | null; cidade: string | null } | null,
  saldo: number,
): ClientPix {
  if (!(saldo > 0)) return { kind: 'none' };
  if (!profile?.chave_pix) return { kind: 'no_key' };
  return {
    kind: 'code',
    code: pixPayload({
      key: profile.chave_pix,
      merchantName: marketNameOf(profile.nome_mercado),
      merchantCity: profile.cidade ?? '',
      amount: saldo,
    }),
  };
}

export function useClientPix(saldo: number): ClientPix {
  const { profile } = useSignedInAccount();
  return useMemo(() => clientPixOf(profile, saldo), [profile, saldo]);
}
