// A warm start opens the screen of the account this browser last knew without waiting for the data worker; the
// worker's answer corrects it (the guards run again) when it routes elsewhere; nothing remembered waits, as before.
import { describe, expect, it } from 'vitest';
import type { AccountState } from '../../workers/api.ts';
import { createLastAccount, type SettledAccount } from '../../src/lib/last-account.ts';

/** localStorage as a map (the page's Storage interface). */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

const joana: SettledAccount = {
  status: 'signed_in',
  user: { id: 'u-joana', email: 'joana@exemplo.com.br', emailConfirmed: true, isAdmin: false },
  profile: null,
  plan: {
    kind: 'trial',
    isPremium: false,
    trialEndsAt: '2026-12-01T00:00:00Z',
    trialDaysLeft: 3,
    premiumUntil: null,
    paymentStatus: null,
  },
  offline: false,
};
const signedOut: SettledAccount = { status: 'signed_out', reason: 'signed_out' };

/** A data worker that answers only when told to (still starting until then). */
function startingWorker() {
  const waiting: Array<(state: AccountState) => void> = [];
  return {
    ask: () => new Promise<AccountState>((resolve) => waiting.push(resolve)),
    answer(state: AccountState) {
      for (const resolve of waiting.splice(0)) resolve(state);
    },
  };
}

/** Lets every promise callback already queued run (a macrotask comes after all of them). */
const queuedCallbacksRun = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Whether the promise has settled once the queued callbacks have run. */
async function settled<T>(promise: Promise<T>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await queuedCallbacksRun();
  return done;
}

/** The previous visit, which ended with `account` known. */
async function visitEndingWith(storage: Storage, account: SettledAccount): Promise<void> {
  const worker = startingWorker();
  const previous = createLastAccount(worker.ask, storage);
  const routed = previous.current();
  worker.answer(account);
  await routed;
}

describe('the account a warm start routes by', () => {
  it('is the one last known here, before the data worker has answered', async () => {
    const storage = new MemoryStorage();
    await visitEndingWith(storage, joana);
    const worker = startingWorker();
    const account = createLastAccount(worker.ask, storage);
    await expect(account.current()).resolves.toEqual(joana);
  });

  it('waits for the worker the first time, with nothing remembered', async () => {
    const worker = startingWorker();
    const account = createLastAccount(worker.ask, new MemoryStorage());
    const routed = account.current();
    expect(await settled(routed)).toBe(false);
    worker.answer(joana);
    await expect(routed).resolves.toEqual(joana);
  });

  it("runs the guards again when the worker's answer leads elsewhere, and then routes by the worker", async () => {
    const storage = new MemoryStorage();
    await visitEndingWith(storage, joana);
    const worker = startingWorker();
    const account = createLastAccount(worker.ask, storage);
    const rerouted = new Promise<void>((resolve) => {
      account.whenRerouted(resolve);
    });
    await expect(account.current()).resolves.toEqual(joana);
    worker.answer(signedOut);
    await rerouted;
    const next = account.current();
    worker.answer(signedOut);
    await expect(next).resolves.toEqual(signedOut);
  });

  it('does not reroute when the worker agrees (a newer profile of the same owner)', async () => {
    const storage = new MemoryStorage();
    await visitEndingWith(storage, joana);
    const worker = startingWorker();
    const account = createLastAccount(worker.ask, storage);
    let reroutes = 0;
    account.whenRerouted(() => (reroutes += 1));
    await account.current();
    worker.answer({ ...joana, offline: true });
    await queuedCallbacksRun();
    expect(reroutes).toBe(0);
  });

  it('ignores a damaged remembered value and waits for the worker', async () => {
    const storage = new MemoryStorage();
    storage.setItem('caderneta.ultima-conta.v1', '{"status":"signed_in","user":{}}');
    const worker = startingWorker();
    const routed = createLastAccount(worker.ask, storage).current();
    expect(await settled(routed)).toBe(false);
    worker.answer(signedOut);
    await expect(routed).resolves.toEqual(signedOut);
  });
});
