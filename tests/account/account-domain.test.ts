// The account domain against a GoTrue-shaped fake: sign-up, sign-in errors, offline starts, recovery, sign-out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstValueFrom } from 'rxjs';
import WebSocket from 'ws';
import { createAccountDomain, AUTH_STORAGE_KEY, type AccountDomain } from '../../workers/account/domain.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { createMemoryStore, type KeyValueStore } from '../../workers/account/kv-store.ts';
import type { AccountState } from '../../workers/account/types.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { FakeBackend } from './support/fake-backend.ts';

const opened: AccountDomain[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((domain) => domain.dispose()));
});

interface OpenOptions {
  storage?: KeyValueStore;
  online?: boolean;
  pending?: number;
  deviceCheckMs?: number;
  /** The pauses between profile retries: recorded and skipped unless the test holds them. */
  sleep?: (ms: number) => Promise<void>;
}

function open(backend: FakeBackend, options: OpenOptions = {}) {
  const connectivity = createManualConnectivity(options.online ?? true);
  const storage = options.storage ?? createMemoryStore();
  const domain = createAccountDomain({
    backend: { url: 'http://127.0.0.1:54321', anonKey: 'anon' },
    storage,
    connectivity,
    siteOrigin: 'http://app.test',
    fetch: backend.fetch,
    realtimeTransport: WebSocket,
    deviceInfo: 'teste',
    profileRetry: { sleep: options.sleep ?? (() => Promise.resolve()) },
    ...(options.deviceCheckMs ? { deviceCheckMs: options.deviceCheckMs } : {}),
    ...(options.pending !== undefined ? { pendingChanges: () => Promise.resolve(options.pending ?? 0) } : {}),
  });
  opened.push(domain);
  return { domain, storage, connectivity };
}

async function reasonOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof DataError ? error.code : undefined;
  }
  throw new Error('expected a failure');
}

function signedIn(state: AccountState) {
  if (state.status !== 'signed_in') throw new Error(`expected signed_in, got ${state.status}`);
  return state;
}

describe('account domain', () => {
  it('signs up with the profile metadata and the confirmation link to /login?verified=1', async () => {
    const backend = new FakeBackend();
    const { domain } = open(backend);
    await expect(domain.handlers.current()).resolves.toEqual({ status: 'signed_out', reason: 'signed_out' });
    const result = await domain.handlers.signUp({
      nome: ' Maria ',
      email: 'maria@example.com',
      password: 'Senha@123',
      nomeMercado: 'Mercadinho da Maria',
      telefone: '11987654321',
    });
    expect(result).toEqual({ confirmationRequired: true });
    const signup = backend.requests.find((request) => request.path === '/auth/v1/signup');
    expect(signup?.body).toMatchObject({
      email: 'maria@example.com',
      data: { nome: 'Maria', nome_mercado: 'Mercadinho da Maria', telefone: '11987654321' },
    });
    await expect(domain.handlers.pendingEmail()).resolves.toBe('maria@example.com');
    await domain.handlers.resendConfirmation();
    expect(backend.requests.at(-1)).toMatchObject({
      path: '/auth/v1/resend',
      body: { email: 'maria@example.com', type: 'signup' },
    });
  });

  it('maps sign-in failures to reasons: unconfirmed, wrong password, offline (no request made)', async () => {
    const backend = new FakeBackend();
    const { domain, connectivity } = open(backend);
    await domain.handlers.signUp({
      nome: 'Ana',
      email: 'ana@example.com',
      password: 'Senha@123',
      nomeMercado: 'M',
      telefone: '1',
    });
    expect(await reasonOf(domain.handlers.signIn({ email: 'ana@example.com', password: 'Senha@123' }))).toBe(
      'email_not_confirmed',
    );
    backend.confirm('ana@example.com');
    expect(await reasonOf(domain.handlers.signIn({ email: 'ana@example.com', password: 'errada' }))).toBe('invalid_credentials');
    connectivity.set(false);
    const before = backend.requests.length;
    expect(await reasonOf(domain.handlers.signIn({ email: 'ana@example.com', password: 'Senha@123' }))).toBe('offline');
    expect(backend.requests.length).toBe(before);
  });

  it('signs in, loads the profile and plan, and publishes them live', async () => {
    const backend = new FakeBackend();
    backend.addUser('dono@example.com', 'Senha@123', { profile: { nome: 'João Silva', nome_mercado: 'Mercado Bom' } });
    const { domain } = open(backend);
    const state = signedIn(await domain.handlers.signIn({ email: 'dono@example.com', password: 'Senha@123' }));
    expect(state.profile?.nome_mercado).toBe('Mercado Bom');
    expect(state.plan.kind).toBe('trial');
    expect(state.plan.trialDaysLeft).toBe(30);
    expect(state.user.isAdmin).toBe(false);
    expect(signedIn(await firstValueFrom(domain.live.account(undefined))).user.email).toBe('dono@example.com');
    await expect(domain.auth.accessToken()).resolves.toMatch(/^ey/);
  });

  it('admin comes from app_metadata, and an expired trial is reported as such', async () => {
    const backend = new FakeBackend();
    backend.addUser('adm@example.com', 'Senha@123', {
      appMetadata: { role: 'admin' },
      profile: { trial_end_date: new Date(Date.now() - 86_400_000).toISOString() },
    });
    const { domain } = open(backend);
    const state = signedIn(await domain.handlers.signIn({ email: 'adm@example.com', password: 'Senha@123' }));
    expect(state.user.isAdmin).toBe(true);
    expect(state.plan.kind).toBe('trial_expired');
  });

  it('a failing profile lookup, retried 3 times 1 s apart, signs the user out with profile_failed', async () => {
    const backend = new FakeBackend();
    const user = backend.addUser('semperfil@example.com', 'Senha@123');
    backend.profiles.delete(user.id);
    const pauses: number[] = [];
    const { domain, storage } = open(backend, { sleep: (ms) => Promise.resolve(void pauses.push(ms)) });
    expect(await reasonOf(domain.handlers.signIn({ email: 'semperfil@example.com', password: 'Senha@123' }))).toBe(
      'profile_failed',
    );
    expect(backend.requests.filter((request) => request.path === '/rest/v1/users')).toHaveLength(4);
    expect(pauses).toEqual([1000, 1000, 1000]);
    expect((await domain.handlers.current()).status).toBe('signed_out');
    await expect(storage.getItem(AUTH_STORAGE_KEY)).resolves.toBeNull();
  });

  it('a profile lookup that fails twice and then answers signs the owner in with the profile', async () => {
    const backend = new FakeBackend();
    backend.addUser('soluco@example.com', 'Senha@123', { profile: { nome_mercado: 'Bazar Soluço' } });
    backend.failProfileReads = 2;
    const pauses: number[] = [];
    const { domain } = open(backend, { sleep: (ms) => Promise.resolve(void pauses.push(ms)) });
    const state = signedIn(await domain.handlers.signIn({ email: 'soluco@example.com', password: 'Senha@123' }));
    expect(state.profile?.nome_mercado).toBe('Bazar Soluço');
    expect(backend.requests.filter((request) => request.path === '/rest/v1/users')).toHaveLength(3);
    expect(pauses).toEqual([1000, 1000]);
  });

  it('a sign-out during a profile retry is not undone when the retry answers', async () => {
    const backend = new FakeBackend();
    backend.addUser('corrida@example.com', 'Senha@123');
    let release: () => void = () => undefined;
    let holding = false;
    const { domain } = open(backend, {
      sleep: () => (holding ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()),
    });
    await domain.handlers.signIn({ email: 'corrida@example.com', password: 'Senha@123' });
    holding = true;
    backend.failProfileReads = 1;
    const refreshing = domain.handlers.refreshProfile();
    await vi.waitFor(() => {
      expect(backend.failProfileReads).toBe(0);
    });
    await domain.handlers.signOut();
    release();
    await refreshing;
    expect(await domain.handlers.current()).toEqual({ status: 'signed_out', reason: 'signed_out' });
  });

  it('restarts offline from the cached session and profile; without one it says offline_no_session', async () => {
    const backend = new FakeBackend();
    backend.expiresIn = 30; // already inside auth-js's refresh margin: the restart must refresh, and cannot
    backend.addUser('offline@example.com', 'Senha@123', { profile: { nome_mercado: 'Quitanda' } });
    const first = open(backend);
    await first.domain.handlers.signIn({ email: 'offline@example.com', password: 'Senha@123' });
    await first.domain.dispose();

    backend.offline = true;
    const again = open(backend, { storage: first.storage, online: false });
    const state = signedIn(await again.domain.handlers.current());
    expect(state.offline).toBe(true);
    expect(state.profile?.nome_mercado).toBe('Quitanda');

    const fresh = open(backend, { online: false });
    await expect(fresh.domain.handlers.current()).resolves.toEqual({ status: 'signed_out', reason: 'offline_no_session' });
  });

  it('names the signed-in user only once the stored session is read: no "nobody" while it is being read', async () => {
    const backend = new FakeBackend();
    backend.addUser('arranque@example.com', 'Senha@123');
    const first = open(backend);
    const { user } = signedIn(await first.domain.handlers.signIn({ email: 'arranque@example.com', password: 'Senha@123' }));
    await first.domain.dispose();

    const again = open(backend, { storage: first.storage });
    const users: (string | null)[] = [];
    const subscription = again.domain.auth.userId$.subscribe((userId) => users.push(userId));
    signedIn(await again.domain.handlers.current());
    subscription.unsubscribe();
    expect(users).toEqual([user.id]);
  });

  it('refuses to sign out with unsynced changes, and otherwise closes the device session', async () => {
    const backend = new FakeBackend();
    backend.addUser('sair@example.com', 'Senha@123');
    const blocked = open(backend, { pending: 3 });
    await blocked.domain.handlers.signIn({ email: 'sair@example.com', password: 'Senha@123' });
    expect(await reasonOf(blocked.domain.handlers.signOut())).toBe('unsynced_changes');
    expect((await blocked.domain.handlers.current()).status).toBe('signed_in');

    const free = open(backend, { pending: 0 });
    await free.domain.handlers.signIn({ email: 'sair@example.com', password: 'Senha@123' });
    await free.domain.handlers.signOut();
    expect(backend.requests.map((request) => request.path)).toContain('/rest/v1/rpc/deactivate_specific_user_session');
    expect(await free.domain.handlers.current()).toEqual({ status: 'signed_out', reason: 'signed_out' });
    await expect(free.storage.getItem(AUTH_STORAGE_KEY)).resolves.toBeNull();
  });

  it('recovers a password from the emailed link and signs in with the new one', async () => {
    const backend = new FakeBackend();
    backend.addUser('esqueci@example.com', 'Antiga@123');
    const { domain } = open(backend);
    await domain.handlers.requestPasswordReset('esqueci@example.com');
    expect(backend.requests.at(-1)?.path).toBe('/auth/v1/recover');
    await expect(
      domain.handlers.acceptRecoveryLink({ hash: backend.recoveryFragment('esqueci@example.com'), search: '' }),
    ).resolves.toEqual({
      email: 'esqueci@example.com',
    });
    expect(await reasonOf(domain.handlers.completePasswordReset('Antiga@123'))).toBe('same_password');
    await domain.handlers.completePasswordReset('Nova@1234');
    expect((await domain.handlers.current()).status).toBe('signed_out');
    signedIn(await domain.handlers.signIn({ email: 'esqueci@example.com', password: 'Nova@1234' }));
    expect(
      await reasonOf(
        domain.handlers.acceptRecoveryLink({
          hash: '#error=access_denied&error_code=otp_expired&error_description=expired',
          search: '',
        }),
      ),
    ).toBe('otp_expired');
  });

  it('updates the market name and reloads the profile', async () => {
    const backend = new FakeBackend();
    backend.addUser('nome@example.com', 'Senha@123', { profile: { nome_mercado: 'Antigo' } });
    const { domain } = open(backend);
    await domain.handlers.signIn({ email: 'nome@example.com', password: 'Senha@123' });
    const state = signedIn(await domain.handlers.updateMarketName('  Mercado Novo '));
    expect(state.profile?.nome_mercado).toBe('Mercado Novo');
  });

  it('refuses a blank or too long market name on the device, offline too, before any request', async () => {
    const backend = new FakeBackend();
    backend.addUser('nome@example.com', 'Senha@123', { profile: { nome_mercado: 'Antigo' } });
    const { domain, connectivity } = open(backend);
    await domain.handlers.signIn({ email: 'nome@example.com', password: 'Senha@123' });
    connectivity.set(false);
    for (const [name, code] of [
      ['   ', 'required'],
      ['y'.repeat(41), 'too_long'],
    ] as const) {
      const error = await domain.handlers.updateMarketName(name).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(DataError);
      expect((error as DataError).issues).toEqual([
        { field: 'nomeMercado', code, ...(code === 'too_long' ? { limit: 40 } : {}) },
      ]);
    }
    connectivity.set(true);
    expect(signedIn(await domain.handlers.refreshProfile()).profile?.nome_mercado).toBe('Antigo');
  });

  it('free plan: a second device signing in ends the first one, which is told its session ended', async () => {
    const backend = new FakeBackend();
    backend.addUser('dois@example.com', 'Senha@123');
    const first = open(backend, { deviceCheckMs: 30 });
    await first.domain.handlers.signIn({ email: 'dois@example.com', password: 'Senha@123' });
    const second = open(backend, { deviceCheckMs: 30 });
    await second.domain.handlers.signIn({ email: 'dois@example.com', password: 'Senha@123' });
    await vi.waitFor(async () => {
      expect(await first.domain.handlers.current()).toEqual({ status: 'signed_out', reason: 'session_ended' });
    });
    expect((await second.domain.handlers.current()).status).toBe('signed_in');
  });

  it('premium: both devices stay signed in', async () => {
    const backend = new FakeBackend();
    backend.addUser('premium@example.com', 'Senha@123', { profile: { plano: 'premium' } });
    const first = open(backend, { deviceCheckMs: 30 });
    await first.domain.handlers.signIn({ email: 'premium@example.com', password: 'Senha@123' });
    const second = open(backend, { deviceCheckMs: 30 });
    await second.domain.handlers.signIn({ email: 'premium@example.com', password: 'Senha@123' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await first.domain.handlers.current()).status).toBe('signed_in');
  });

  it('a token refresh and a user update reload the profile', async () => {
    const backend = new FakeBackend();
    const user = backend.addUser('refresh@example.com', 'Senha@123', { profile: { nome_mercado: 'Antes' } });
    const { domain } = open(backend);
    await domain.handlers.signIn({ email: 'refresh@example.com', password: 'Senha@123' });
    const profile = backend.profiles.get(user.id);
    if (profile) profile.nome_mercado = 'Depois do refresh';
    await domain.auth.client.auth.refreshSession();
    await vi.waitFor(async () => {
      expect(signedIn(await domain.handlers.current()).profile?.nome_mercado).toBe('Depois do refresh');
    });
    if (profile) profile.plano = 'premium';
    await domain.auth.client.auth.updateUser({ data: { nome: 'Novo' } });
    await vi.waitFor(async () => {
      expect(signedIn(await domain.handlers.current()).plan.isPremium).toBe(true);
    });
  });
});
