// The account as the UI sees it: who is signed in, their shop profile and what their plan allows.

/** A row of public.users, as far as the app reads it (doc 1 §3, doc 2 §3). */
export interface Profile {
  readonly id: string;
  readonly nome: string | null;
  readonly email: string | null;
  readonly telefone: string | null;
  readonly nome_mercado: string | null;
  readonly plano: 'free' | 'premium';
  readonly trial_end_date: string | null;
  readonly data_inicio_plano: string | null;
  readonly data_fim_plano: string | null;
  readonly status_pagamento: string | null;
  /** The owner's PIX key (CPF/CNPJ digits, +55 phone, e-mail or random key) for the fiado reminder's BR Code. */
  readonly chave_pix: string | null;
  /** The merchant city of the BR Code. */
  readonly cidade: string | null;
}

export interface AccountUser {
  readonly id: string;
  readonly email: string;
  readonly emailConfirmed: boolean;
  /** From the token's app_metadata (granted by configuration), never from an email. */
  readonly isAdmin: boolean;
}

export type PlanKind = 'trial' | 'trial_expired' | 'premium';

export interface PlanState {
  readonly kind: PlanKind;
  readonly isPremium: boolean;
  /** End of the free trial (ISO), when the profile has one. */
  readonly trialEndsAt: string | null;
  /** Whole days left in the trial (0 once expired); null for premium. */
  readonly trialDaysLeft: number | null;
  /** End of the paid period (ISO) for premium. */
  readonly premiumUntil: string | null;
  /** ativo, cancelado_mantem_acesso, inativo, suspenso… as the server keeps it. */
  readonly paymentStatus: string | null;
}

export type SignedOutReason = 'signed_out' | 'offline_no_session' | 'session_ended';

export type AccountState =
  | { readonly status: 'loading' }
  | { readonly status: 'signed_out'; readonly reason: SignedOutReason }
  | {
      readonly status: 'signed_in';
      readonly user: AccountUser;
      readonly profile: Profile | null;
      readonly plan: PlanState;
      /** True when restored from this device's cache without reaching the server. */
      readonly offline: boolean;
    };

export type SignedInState = Extract<AccountState, { status: 'signed_in' }>;

export interface SignUpInput {
  readonly nome: string;
  readonly email: string;
  readonly password: string;
  readonly nomeMercado: string;
  /** Digits only. */
  readonly telefone: string;
}

export interface SignInInput {
  readonly email: string;
  readonly password: string;
}
