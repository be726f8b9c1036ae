// The account as this browser last knew it (localStorage), so that a warm start routes and paints the right screen
// at once instead of waiting for the data worker to start: the worker's answer then replaces it, and when that
// answer leads elsewhere (signed out meanwhile, another owner, the trial over) the router runs its guards again.
import * as v from 'valibot';
import type { AccountState } from '../../workers/api.ts';

export type SettledAccount = Exclude<AccountState, { readonly status: 'loading' }>;

export interface LastAccount {
  /** The account to route by: the remembered one while the worker has not answered yet, else the worker's. */
  current(): Promise<SettledAccount>;
  /** Called once the worker's first answer routes differently from the remembered account the router used. */
  whenRerouted(reroute: () => void): void;
}

const STORAGE_KEY = 'caderneta.ultima-conta.v1';

const text = v.nullable(v.string());

const SignedOut = v.object({
  status: v.literal('signed_out'),
  reason: v.picklist(['signed_out', 'offline_no_session', 'session_ended']),
});

const SignedIn = v.object({
  status: v.literal('signed_in'),
  user: v.object({ id: v.string(), email: v.string(), emailConfirmed: v.boolean(), isAdmin: v.boolean() }),
  profile: v.nullable(
    v.object({
      id: v.string(),
      nome: text,
      email: text,
      telefone: text,
      nome_mercado: text,
      plano: v.picklist(['free', 'premium']),
      trial_end_date: text,
      data_inicio_plano: text,
      data_fim_plano: text,
      status_pagamento: text,
      chave_pix: text,
      cidade: text,
    }),
  ),
  plan: v.object({
    kind: v.picklist(['trial', 'trial_expired', 'premium']),
    isPremium: v.boolean(),
    trialEndsAt: text,
    trialDaysLeft: v.nullable(v.number()),
    premiumUntil: text,
    paymentStatus: text,
  }),
  offline: v.boolean(),
});

const Remembered = v.variant('status', [SignedOut, SignedIn]);

/** What the guards decide by: who is signed in, whether admin, and whether the trial is over. */
function routingKey(account: SettledAccount): string {
  if (account.status !== 'signed_in') return 'signed_out';
  return [account.user.id, account.user.isAdmin, account.plan.kind].join('|');
}

function read(storage: Storage | undefined): SettledAccount | null {
  try {
    const stored = storage?.getItem(STORAGE_KEY);
    if (!stored) return null;
    const parsed = v.safeParse(Remembered, JSON.parse(stored));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

function remember(storage: Storage | undefined, account: SettledAccount): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(account));
  } catch {
    // Storage full or refused: the next start waits for the worker, as without a remembered account.
  }
}

/** `ask` is the worker's account (DataClient.account.current); `storage` is localStorage where the page has one. */
export function createLastAccount(ask: () => Promise<AccountState>, storage: Storage | undefined): LastAccount {
  let answered = false;
  let usedRemembered: SettledAccount | null = null;
  let reroute: () => void = () => undefined;
  const askWorker = async (): Promise<SettledAccount> => {
    const answer = await ask();
    // The worker answers once the stored session is read; a 'loading' would route as signed out, as ever.
    const account: SettledAccount = answer.status === 'loading' ? { status: 'signed_out', reason: 'signed_out' } : answer;
    if (answer.status !== 'loading') remember(storage, account);
    if (!answered) {
      answered = true;
      if (usedRemembered && routingKey(usedRemembered) !== routingKey(account)) reroute();
    }
    return account;
  };
  return {
    current() {
      if (answered) return askWorker();
      const answer = askWorker();
      usedRemembered ??= read(storage);
      if (!usedRemembered) return answer;
      answer.catch(() => undefined);
      return Promise.resolve(usedRemembered);
    },
    whenRerouted(callback) {
      reroute = callback;
    },
  };
}
