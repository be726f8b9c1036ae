// The '!' on 'Suporte Premium' as a live query: asked only for an active premium owner who is online, again when
// the owner, the plan or the connection changes, and false when the server cannot say.
import { describe, expect, it } from 'vitest';
import { BehaviorSubject, type Observable } from 'rxjs';
import { supportUnreadOf } from '../../workers/account/subscription.ts';
import type { AccountState, PlanState } from '../../workers/account/types.ts';

const premium: PlanState = {
  kind: 'premium',
  isPremium: true,
  trialEndsAt: null,
  trialDaysLeft: null,
  premiumUntil: '2027-01-01T00:00:00.000Z',
  paymentStatus: 'ativo',
};

function signedIn(id: string, plan: PlanState): AccountState {
  return {
    status: 'signed_in',
    user: { id, email: `${id}@exemplo.com`, emailConfirmed: true, isAdmin: false },
    profile: null,
    plan,
    offline: false,
  };
}

/** Records what a live query emits; `until(n)` resolves once n values have arrived. */
function record<T>(source: Observable<T>) {
  const values: T[] = [];
  const waiters = new Set<() => void>();
  const subscription = source.subscribe((value) => {
    values.push(value);
    for (const waiter of waiters) waiter();
  });
  const until = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (values.length >= count) resolve();
      };
      waiters.add(check);
      check();
    });
  return {
    values,
    until,
    stop: () => {
      subscription.unsubscribe();
    },
  };
}

describe('supportUnread live query', () => {
  it('asks for an active premium owner online, and again when the connection comes back', async () => {
    const account = new BehaviorSubject<AccountState>(signedIn('u1', premium));
    const online = new BehaviorSubject(true);
    const asked: string[] = [];
    const unread = record(
      supportUnreadOf(account, online, (userId) => {
        asked.push(userId);
        return Promise.resolve(true);
      }),
    );
    await unread.until(1);
    online.next(false);
    online.next(true);
    await unread.until(3);
    unread.stop();
    expect(asked).toEqual(['u1', 'u1']);
    expect(unread.values).toEqual([true, false, true]);
  });

  it('never asks without premium support (trial, cancelled) or signed out', () => {
    const account = new BehaviorSubject<AccountState>(signedIn('u1', { ...premium, kind: 'trial', isPremium: false }));
    const asked: string[] = [];
    const values: boolean[] = [];
    const subscription = supportUnreadOf(account, new BehaviorSubject(true), (userId) => {
      asked.push(userId);
      return Promise.resolve(true);
    }).subscribe((value) => values.push(value));
    account.next(signedIn('u1', { ...premium, paymentStatus: 'cancelado_mantem_acesso' }));
    account.next({ status: 'signed_out', reason: 'signed_out' });
    subscription.unsubscribe();
    expect(asked).toEqual([]);
    expect(values).toEqual([false]);
  });

  it('a failing server reads as nothing unread', async () => {
    const unread = record(
      supportUnreadOf(new BehaviorSubject(signedIn('u1', premium)), new BehaviorSubject(true), () =>
        Promise.reject(new Error('503')),
      ),
    );
    await unread.until(1);
    unread.stop();
    expect(unread.values).toEqual([false]);
  });
});
