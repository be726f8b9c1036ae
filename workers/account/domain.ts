// The account domain: one supabase-js client per worker, the session in IndexedDB, the profile and plan live.
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import { emailCodeSchema, marketNameSchema, pixKeySchema, type EmailCodeInput, type PixKeyInput } from './schema.ts';
import { createClient, type AuthChangeEvent, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject, distinctUntilChanged, filter, map, type Observable } from 'rxjs';
import type { ConnectivitySource } from '../system/connectivity.ts';
import type { BackendConfig } from './config.ts';
import { createDeviceSessions, sessionIdOf } from './device-session.ts';
import { accountError, toAccountError } from './errors.ts';
import type { KeyValueStore } from './kv-store.ts';
import { derivePlan } from './plan.ts';
import {
  fetchProfileWithRetries,
  readCachedAccount,
  toAccountUser,
  writeCachedAccount,
  type ProfileRetryOptions,
} from './profile.ts';
import { parseRecoveryLink } from './recovery-link.ts';
import { createSubscriptionHandlers, supportHasUnread, supportUnreadOf } from './subscription.ts';
import type { TabChannel } from './tab-sync.ts';
import type { AccountState, AccountUser, Profile, SignedOutReason, SignInInput, SignUpInput } from './types.ts';

export interface AccountOptions {
  readonly backend: BackendConfig;
  /** Holds auth-js's session and the cached profile (IndexedDB in the worker). */
  readonly storage: KeyValueStore;
  readonly connectivity: ConnectivitySource;
  /** The app's origin, for the links sent by email (confirmation → /login?verified=1, recovery → /reset-password). */
  readonly siteOrigin: string;
  readonly fetch?: typeof fetch;
  /** A WebSocket class for realtime-js where the runtime has none (Node 20 tests). */
  readonly realtimeTransport?: unknown;
  /** How many local changes are not yet on the server; sign-out is refused while any remain. */
  readonly pendingChanges?: () => Promise<number>;
  readonly now?: () => Date;
  /** Sent with the device-session registration (the browser's user agent). */
  readonly deviceInfo?: string;
  /** How often a signed-in, online device asks whether its session is still the active one (60 s). */
  readonly deviceCheckMs?: number;
  /** Other tabs of this origin (BroadcastChannel in the browser). */
  readonly tabs?: TabChannel;
  /** Retries of the profile lookup (docs/product.md §7: 3 retries, 1 s apart); tests shorten the pause. */
  readonly profileRetry?: Pick<ProfileRetryOptions, 'retries' | 'delayMs' | 'sleep'>;
}

/** What the other worker domains (sync, storage, functions) use: the signed-in client and its token. */
export interface AccountAuth {
  readonly client: SupabaseClient;
  /** The current session (null when signed out); follows sign-in, refresh and sign-out. */
  readonly session$: Observable<Session | null>;
  /** The signed-in user's id, also when restored offline from the cache; null once signed out, and silent while the
   * stored session is still being read (nobody is known yet, which is not the same as nobody signed in). */
  readonly userId$: Observable<string | null>;
  accessToken(): Promise<string | null>;
  /** Lets the sync engine answer "are there unsynced changes?" once it exists. */
  setPendingChangesProbe(probe: () => Promise<number>): void;
}

const PENDING_EMAIL_KEY = 'caderneta.pending-email';
/** Where auth-js keeps the session in `storage`. */
export const AUTH_STORAGE_KEY = 'caderneta.auth-token';
/** How long start-up waits for auth-js (a token refresh on a slow network) before trusting the cache. */
const SESSION_WAIT_MS = 4000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createAccountDomain(options: AccountOptions) {
  const now = options.now ?? (() => new Date());
  const { storage, connectivity } = options;
  let pendingChanges = options.pendingChanges;
  const client = createClient(options.backend.url, options.backend.anonKey, {
    auth: {
      storage,
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: false,
      flowType: 'implicit',
    },
    ...(options.fetch ? { global: { fetch: options.fetch } } : {}),
    ...(options.realtimeTransport ? { realtime: { transport: options.realtimeTransport as never } } : {}),
  });

  const devices = createDeviceSessions(client, storage, options.deviceInfo ?? '');
  const state = new BehaviorSubject<AccountState>({ status: 'loading' });
  const session = new BehaviorSubject<Session | null>(null);
  /** Set while a command owns the outcome of the next auth event (sign-in, sign-out). */
  let commandInFlight = false;
  /** Bumped by every sign-out: a profile lookup still retrying from before must not sign the owner back in. */
  let signOuts = 0;

  const online = () => connectivity.current().online;

  const publishSignedIn = (user: AccountUser, profile: Profile | null, offline: boolean) => {
    state.next({ status: 'signed_in', user, profile, plan: derivePlan(profile, now()), offline });
  };

  const publishSignedOut = async (reason: SignedOutReason) => {
    signOuts += 1;
    session.next(null);
    await writeCachedAccount(storage, null).catch(() => undefined);
    state.next({ status: 'signed_out', reason });
  };

  /** Reloads the profile for a live session; a network failure falls back to the cached copy. */
  const loadFor = async (current: Session, strict: boolean): Promise<void> => {
    const user = toAccountUser(current.user);
    const generation = signOuts;
    const result = await fetchProfileWithRetries(client, user.id, { ...options.profileRetry, online });
    if (generation !== signOuts) return;
    if (result.ok) {
      await writeCachedAccount(storage, { user, profile: result.profile });
      publishSignedIn(user, result.profile, false);
      return;
    }
    if (strict && !result.network) throw accountError('profile_failed', result.message);
    const cached = await readCachedAccount(storage);
    const profile = cached?.user.id === user.id ? cached.profile : null;
    publishSignedIn(user, profile, result.network);
  };

  const onAuthEvent = (event: AuthChangeEvent, next: Session | null) => {
    session.next(next);
    if (commandInFlight || event === 'INITIAL_SESSION') return;
    // auth-js holds its lock during this callback: anything that calls back into it must run afterwards.
    setTimeout(() => {
      if (event === 'SIGNED_OUT') {
        void publishSignedOut('session_ended');
      } else if (
        next &&
        (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED' || event === 'PASSWORD_RECOVERY')
      ) {
        void loadFor(next, false).catch((error: unknown) => {
          console.warn('perfil não recarregado', error);
        });
      }
    }, 0);
  };
  const { data: listener } = client.auth.onAuthStateChange(onAuthEvent);

  /** The owner of the stored session, from this device's cache, without touching the network. */
  const restoreFromCache = async (): Promise<boolean> => {
    const stored = await storage.getItem(AUTH_STORAGE_KEY).catch(() => null);
    const cached = await readCachedAccount(storage);
    if (stored && cached) {
      publishSignedIn(cached.user, cached.profile, true);
      return true;
    }
    if (!stored && cached) await writeCachedAccount(storage, null);
    return false;
  };

  const start = async (): Promise<void> => {
    // Offline, auth-js would retry an expired token's refresh for half a minute: the cache answers at once.
    if (!online() && (await restoreFromCache())) return;
    const loaded = await Promise.race([client.auth.getSession(), delay(SESSION_WAIT_MS).then(() => null)]);
    if (loaded?.data.session) {
      const current = loaded.data.session;
      session.next(current);
      // Local first: the cached profile opens the app at once; the server's copy follows when it answers.
      const cached = await readCachedAccount(storage);
      if (cached?.user.id === current.user.id) {
        publishSignedIn(toAccountUser(current.user), cached.profile, true);
        void loadFor(current, false).catch((error: unknown) => {
          console.warn('perfil não recarregado', error);
        });
        return;
      }
      await loadFor(current, false);
      return;
    }
    // Either no session, or auth-js keeps one whose refresh failed for lack of network (then it is restored).
    if (await restoreFromCache()) return;
    state.next({ status: 'signed_out', reason: online() ? 'signed_out' : 'offline_no_session' });
  };
  const started = start().catch(async (error: unknown) => {
    console.warn('sessão não restaurada', error);
    await publishSignedOut(online() ? 'signed_out' : 'offline_no_session');
  });

  /** Another device took over (free plan): leave, keeping every local change for the next sign-in here. */
  const endDeviceSession = async () => {
    commandInFlight = true;
    try {
      await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
    } finally {
      commandInFlight = false;
    }
    await devices.forget().catch(() => undefined);
    await publishSignedOut('session_ended');
    options.tabs?.announce();
  };

  let verifying = false;
  const verifyDevice = async (): Promise<void> => {
    if (verifying || commandInFlight || !online() || state.getValue().status !== 'signed_in') return;
    verifying = true;
    try {
      const { data } = await client.auth.getSession();
      if (data.session && (await devices.isActive(data.session)) === false) await endDeviceSession();
    } finally {
      verifying = false;
    }
  };
  const deviceTimer = setInterval(() => void verifyDevice().catch(() => undefined), options.deviceCheckMs ?? 60_000);
  void started.then(() => verifyDevice()).catch(() => undefined);

  // Another tab signed in or out: read the shared session again (auth-js reads it from storage each time).
  const stopTabs = options.tabs?.listen(() => {
    void client.auth.getSession().then(async ({ data }) => {
      if (data.session) await loadFor(data.session, false);
      else if (state.getValue().status === 'signed_in') {
        signOuts += 1;
        session.next(null);
        state.next({ status: 'signed_out', reason: 'signed_out' });
      }
    });
  });

  // Back online after an offline start: let auth-js refresh the token (which reloads the profile).
  const reconnect = connectivity.changes.subscribe((change) => {
    const current = state.getValue();
    if (change.online && current.status === 'signed_in' && current.offline) {
      void client.auth.getSession().then(({ data }) => (data.session ? loadFor(data.session, false) : undefined));
    }
    if (change.online) void verifyDevice().catch(() => undefined);
    if (change.online && current.status === 'signed_out' && current.reason === 'offline_no_session') {
      state.next({ status: 'signed_out', reason: 'signed_out' });
    }
  });

  const requireOnline = (message: string) => {
    if (!online()) throw accountError('offline', message);
  };

  const signedInUser = (): AccountUser => {
    const current = state.getValue();
    if (current.status !== 'signed_in') throw accountError('not_signed_in', 'no active session');
    return current.user;
  };

  const withCommand = async <T>(action: () => Promise<T>): Promise<T> => {
    commandInFlight = true;
    try {
      return await action();
    } finally {
      commandInFlight = false;
    }
  };

  /** A command's new session (password or sign-up code): the profile, this device's registration, the other tabs. */
  const enter = async (started: Session): Promise<AccountState> => {
    session.next(started);
    try {
      await loadFor(started, true);
    } catch (failure) {
      await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
      await publishSignedOut('signed_out');
      throw toAccountError(failure);
    }
    await storage.removeItem(PENDING_EMAIL_KEY).catch(() => undefined);
    // On the free plan this ends the other devices' sessions; failing to register must not block the owner.
    await devices.register(started).catch(() => false);
    options.tabs?.announce();
    return state.getValue();
  };

  /** Checks an emailed six-digit code with the server; a wrong, spent or expired code is `otp_expired`. */
  const verifyEmailCode = async (input: EmailCodeInput, type: 'signup' | 'recovery') => {
    const { email, code } = parseInput(emailCodeSchema, input);
    requireOnline(type === 'signup' ? 'sign-up confirmation' : 'password recovery');
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type });
    if (error) throw toAccountError(error);
    if (!data.session) throw accountError('otp_expired', 'the code opened no session');
    return data.session;
  };

  const current = async (): Promise<AccountState> => {
    await started;
    return state.getValue();
  };

  const handlers = {
    /** The account after start-up (session restored, online or from the cache). */
    current,

    /** Asks the server whether this device's session is still the active one (the page calls it on focus). */
    verifyDevice: (): Promise<void> => verifyDevice(),

    signIn: (input: SignInInput): Promise<AccountState> =>
      withCommand(async () => {
        requireOnline('sign-in');
        const { data, error } = await client.auth.signInWithPassword({ email: input.email.trim(), password: input.password });
        if (error) throw toAccountError(error);
        return enter(data.session);
      }),

    /** Creates the account; the profile row is made by the server from the metadata. */
    signUp: async (input: SignUpInput): Promise<{ confirmationRequired: boolean }> => {
      requireOnline('sign-up');
      const email = input.email.trim();
      const { data, error } = await client.auth.signUp({
        email,
        password: input.password,
        options: {
          data: { nome: input.nome.trim(), nome_mercado: input.nomeMercado.trim(), telefone: input.telefone },
          emailRedirectTo: `${options.siteOrigin}/login?verified=1`,
        },
      });
      if (error) throw toAccountError(error);
      await storage.setItem(PENDING_EMAIL_KEY, email);
      return { confirmationRequired: !data.session };
    },

    /** The email of the last registration or confirmation resent on this device, for /verify-email. */
    pendingEmail: (): Promise<string | null> => storage.getItem(PENDING_EMAIL_KEY),

    resendConfirmation: async (email?: string): Promise<void> => {
      requireOnline('resend confirmation');
      const target = email?.trim() || (await storage.getItem(PENDING_EMAIL_KEY));
      if (!target) throw accountError('not_signed_in', 'unknown email');
      const { error } = await client.auth.resend({
        type: 'signup',
        email: target,
        options: { emailRedirectTo: `${options.siteOrigin}/login?verified=1` },
      });
      if (error) throw toAccountError(error);
      // /verify-email then knows whose code the owner is about to type (the login's resend names any address).
      await storage.setItem(PENDING_EMAIL_KEY, target);
    },

    /** The code of the sign-up email, typed on /verify-email: confirms the address and signs the owner in. */
    confirmSignupCode: (input: EmailCodeInput): Promise<AccountState> =>
      withCommand(async () => enter(await verifyEmailCode(input, 'signup'))),

    requestPasswordReset: async (email: string): Promise<void> => {
      requireOnline('password recovery');
      const { error } = await client.auth.resetPasswordForEmail(email.trim(), {
        redirectTo: `${options.siteOrigin}/reset-password`,
      });
      if (error) throw toAccountError(error);
    },

    /** Turns the recovery link's fragment or query into a session that may set a new password. */
    acceptRecoveryLink: (link: { hash: string; search: string }): Promise<{ email: string }> =>
      withCommand(async () => {
        const parsed = parseRecoveryLink(link.hash, link.search);
        if (parsed.kind === 'error') throw accountError('otp_expired', parsed.description || parsed.code);
        if (parsed.kind === 'none') {
          const { data } = await client.auth.getSession();
          if (data.session) return { email: data.session.user.email ?? '' };
          throw accountError('otp_expired', 'recovery link missing');
        }
        requireOnline('password recovery');
        const { data, error } =
          parsed.kind === 'session'
            ? await client.auth.setSession({ access_token: parsed.accessToken, refresh_token: parsed.refreshToken })
            : await client.auth.verifyOtp({ token_hash: parsed.tokenHash, type: 'recovery' });
        if (error) throw toAccountError(error);
        session.next(data.session);
        return { email: data.user?.email ?? '' };
      }),

    /** The code of the recovery email: opens the session in which /reset-password sets the new password. */
    acceptRecoveryCode: (input: EmailCodeInput): Promise<{ email: string }> =>
      withCommand(async () => {
        const recovery = await verifyEmailCode(input, 'recovery');
        session.next(recovery);
        return { email: recovery.user.email ?? '' };
      }),

    /** Sets the new password of the recovery session, then ends that session so the owner signs in again. */
    completePasswordReset: (password: string): Promise<void> =>
      withCommand(async () => {
        requireOnline('password recovery');
        const { error } = await client.auth.updateUser({ password });
        if (error) throw toAccountError(error);
        const pending = pendingChanges ? await pendingChanges() : 0;
        if (pending === 0) {
          await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
          await publishSignedOut('signed_out');
          options.tabs?.announce();
        }
      }),

    /** 'Atualizar Status': reloads the profile (plan, trial, premium expiry) from the server. */
    refreshProfile: async (): Promise<AccountState> => {
      requireOnline('profile refresh');
      signedInUser();
      const { data } = await client.auth.getSession();
      if (!data.session) throw accountError('not_signed_in', 'session expired');
      await loadFor(data.session, true);
      return state.getValue();
    },

    updateMarketName: async (name: string): Promise<AccountState> => {
      const { nomeMercado } = parseInput(marketNameSchema, { nomeMercado: name });
      requireOnline('market name update');
      const user = signedInUser();
      const { error, status } = await client.from('users').update({ nome_mercado: nomeMercado }).eq('id', user.id);
      if (error) throw status === 0 ? accountError('offline', error.message) : accountError('internal', error.message);
      const { data } = await client.auth.getSession();
      if (data.session) await loadFor(data.session, false);
      return state.getValue();
    },

    /** 'Minha Conta' › PIX: the key and city of the owner's BR Code (a blank key clears it); online only. */
    updatePixKey: async (input: PixKeyInput): Promise<AccountState> => {
      const { chavePix, cidade } = parseInput(pixKeySchema, input);
      requireOnline('PIX key update');
      const user = signedInUser();
      const { error, status } = await client.from('users').update({ chave_pix: chavePix, cidade }).eq('id', user.id);
      if (error) {
        if (status === 0) throw accountError('offline', error.message);
        // The server's CHECK (users_chave_pix_valida, users_cidade_valida): the same rules the device ran.
        if (error.code === '23514') {
          const field = error.message.includes('cidade') ? 'cidade' : 'chavePix';
          throw DataError.invalid([{ field, code: 'invalid_format' }], error.message);
        }
        throw accountError('internal', error.message);
      }
      const { data } = await client.auth.getSession();
      if (data.session) await loadFor(data.session, false);
      return state.getValue();
    },

    ...createSubscriptionHandlers({
      client,
      requireOnline,
      signedInUser,
      reloadProfile: async () => {
        const { data } = await client.auth.getSession();
        if (data.session) await loadFor(data.session, true);
        return state.getValue();
      },
    }),

    /** Refused while changes are unsynced (they would have no owner here) and offline (no way back in). */
    signOut: (): Promise<void> =>
      withCommand(async () => {
        const pending = pendingChanges ? await pendingChanges() : 0;
        if (pending > 0) throw accountError('unsynced_changes', undefined, { pending });
        requireOnline('sign-out');
        const { data } = await client.auth.getSession();
        if (data.session) {
          // The device session is closed on the server first; a missing function must not block leaving.
          await Promise.resolve(
            client.rpc('deactivate_specific_user_session', {
              p_user_id: data.session.user.id,
              p_session_token: sessionIdOf(data.session.access_token) ?? '',
            }),
          ).catch(() => undefined);
        }
        const { error } = await client.auth.signOut({ scope: 'local' });
        if (error) throw toAccountError(error);
        await devices.forget().catch(() => undefined);
        await publishSignedOut('signed_out');
        options.tabs?.announce();
      }),
  };

  const auth: AccountAuth = {
    client,
    session$: session.pipe(distinctUntilChanged((a, b) => a?.access_token === b?.access_token)),
    userId$: state.pipe(
      filter((value) => value.status !== 'loading'),
      map((value) => (value.status === 'signed_in' ? value.user.id : null)),
      distinctUntilChanged(),
    ),
    accessToken: async () => (await client.auth.getSession()).data.session?.access_token ?? null,
    setPendingChangesProbe(probe) {
      pendingChanges = probe;
    },
  };

  return {
    handlers,
    live: {
      account: (_params: undefined): Observable<AccountState> => state,
      supportUnread: (_params: undefined): Observable<boolean> =>
        supportUnreadOf(state, connectivity.changes.pipe(map((change) => change.online)), (userId) =>
          supportHasUnread(client, userId),
        ),
    },
    auth,
    /** Stops timers and listeners (tests; a worker simply ends). */
    async dispose(): Promise<void> {
      await started;
      clearInterval(deviceTimer);
      stopTabs?.();
      reconnect.unsubscribe();
      listener.subscription.unsubscribe();
      await client.auth.stopAutoRefresh();
      await client.removeAllChannels();
    },
  };
}

export type AccountDomain = ReturnType<typeof createAccountDomain>;
