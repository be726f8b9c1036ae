// The profile lookup's retries (docs/product.md §7: the current user is retried 3 times, 1 s apart), on a fake backend.
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fetchProfileWithRetries, PROFILE_RETRIES, PROFILE_RETRY_DELAY_MS } from '../../workers/account/profile.ts';
import { withRetries } from '../../workers/account/retry.ts';
import { FakeBackend } from './support/fake-backend.ts';

function clientOf(backend: FakeBackend) {
  return createClient('http://127.0.0.1:54321', 'anon', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: backend.fetch },
    realtime: { transport: WebSocket as never },
  });
}

function profileReads(backend: FakeBackend): number {
  return backend.requests.filter((request) => request.path === '/rest/v1/users').length;
}

function recorder(): { pauses: number[]; sleep: (ms: number) => Promise<void> } {
  const pauses: number[] = [];
  return { pauses, sleep: (ms) => Promise.resolve(void pauses.push(ms)) };
}

describe('profile lookup retries', () => {
  it("are the spec's: 3 retries, 1000 ms apart", () => {
    expect(PROFILE_RETRIES).toBe(3);
    expect(PROFILE_RETRY_DELAY_MS).toBe(1000);
  });

  it('a lookup that keeps failing is tried 4 times with a 1 s pause before each retry, then reported', async () => {
    const backend = new FakeBackend();
    const user = backend.addUser('sem@example.com', 'Senha@123');
    backend.profiles.delete(user.id);
    const { pauses, sleep } = recorder();
    const result = await fetchProfileWithRetries(clientOf(backend), user.id, { sleep });
    expect(result).toMatchObject({ ok: false, network: false });
    expect(profileReads(backend)).toBe(4);
    expect(pauses).toEqual([1000, 1000, 1000]);
  });

  it('stops at the first answer: two server hiccups, then the profile', async () => {
    const backend = new FakeBackend();
    const user = backend.addUser('ok@example.com', 'Senha@123', { profile: { nome_mercado: 'Armazém Central' } });
    backend.failProfileReads = 2;
    const { pauses, sleep } = recorder();
    const result = await fetchProfileWithRetries(clientOf(backend), user.id, { sleep });
    expect(result).toMatchObject({ ok: true, profile: { nome_mercado: 'Armazém Central' } });
    expect(profileReads(backend)).toBe(3);
    expect(pauses).toEqual([1000, 1000]);
  });

  it('a first success is not retried', async () => {
    const backend = new FakeBackend();
    const user = backend.addUser('um@example.com', 'Senha@123');
    const { pauses, sleep } = recorder();
    await expect(fetchProfileWithRetries(clientOf(backend), user.id, { sleep })).resolves.toMatchObject({ ok: true });
    expect(profileReads(backend)).toBe(1);
    expect(pauses).toEqual([]);
  });

  it('a network failure while the device is offline is final: the cached profile answers at once', async () => {
    const backend = new FakeBackend();
    const user = backend.addUser('off@example.com', 'Senha@123');
    backend.offline = true;
    const { pauses, sleep } = recorder();
    const result = await fetchProfileWithRetries(clientOf(backend), user.id, { sleep, online: () => false });
    expect(result).toMatchObject({ ok: false, network: true });
    expect(pauses).toEqual([]);
  });

  it('a network failure while the device believes it is online (server down) is retried', async () => {
    const backend = new FakeBackend();
    const user = backend.addUser('caiu@example.com', 'Senha@123');
    backend.offline = true;
    const { pauses, sleep } = recorder();
    const result = await fetchProfileWithRetries(clientOf(backend), user.id, { sleep, online: () => true });
    expect(result).toMatchObject({ ok: false, network: true });
    expect(pauses).toEqual([1000, 1000, 1000]);
  });

  it('withRetries waits for real between attempts', async () => {
    let calls = 0;
    const started = Date.now();
    const result = await withRetries(
      () => Promise.resolve(++calls),
      (value) => value === 3,
      { retries: 5, delayMs: 20 },
    );
    expect(result).toBe(3);
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(38);
  });
});
