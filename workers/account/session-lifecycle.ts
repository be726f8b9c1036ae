// The account's session lifecycle: one supabase-js client per worker, the session restored at start (from the
// server, or from this device's cache offline), then followed through auth events, token refreshes, other tabs,
// reconnection and the device check; the account state every command and screen reads.
import { createClient, type AuthChangeEvent, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject, distinctUntilChanged, filter, map, type Observable } from 'rxjs';
import type { ConnectivitySource } from '../system/connectivity.ts';
import type { BackendConfig } from './config.ts';
import { createDeviceSessions } from './device-session.ts';
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
import type { TabChannel } from './tab-sync.ts';
import type { AccountState, AccountUser, Profile, SignedOutReason } from './types.ts';

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

/** The lifecycle as the account's commands (handlers.ts) and live queries use it. */
export interface AccountSession {
  readonly client: SupabaseClient;
  /** The account as the screens follow it. */
  readonly state$: Observable<AccountState>;
  readonly auth: AccountAuth;
  /** The account now. */
  readonly state: () => AccountState;
  /** The account after start-up (session restored, online or from the cache). */
  readonly current: () => Promise<AccountState>;
  readonly online: () => boolean;
  /** A session a command opened outside sign-in (password recovery): auth's current session from now on. */
  readonly follow: (next: Session | null) => void;
  /** Reloads the profile for a live session; a network failure falls back to the cached copy (unless `strict`). */
  readonly loadFor: (current: Session, strict: boolean) => Promise<void>;
  readonly publishSignedOut: (reason: SignedOutReason) => Promise<void>;
  /** Runs a command that owns the outcome of the auth events it causes (sign-in, sign-out). */
  readonly withCommand: <T>(action: () => Promise<T>) => Promise<T>;
  /** A command's new session (password or sign-up code): the profile, this device's registration, the other tabs. */
  readonly enter: (started: Session) => Promise<AccountState>;
  /** This device left its session: its registration forgotten, the account signed out, the other tabs told. */
  readonly leave: (reason: SignedOutReason) => Promise<void>;
  /** Asks the server whether this device's session is still the active one; leaves when another took over. */
  readonly verifyDevice: () => Promise<void>;
  /** How many local changes are not yet on the server (0 before the sync engine exists). */
  readonly pendingChanges: () => Promise<number>;
  /** Stops timers and listeners (tests; a worker simply ends). */
  readonly dispose: () => Promise<void>;
}

/** Where the email of the last registration waits for its confirmation code (/verify-email). */
export const PENDING_EMAIL_KEY = 'caderneta.pending-email';
/** Where auth-js keeps the session in `storage`. */
export const AUTH_STORAGE_KEY = 'caderneta.auth-token';
/** How long start-up waits for auth-js (a token refresh on a slow network) before trusting the cache. */
const SESSION_WAIT_MS = 4000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function startAccountSession(options: AccountOptions): AccountSession {
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

  const leave = async (reason: SignedOutReason): Promise<void> => {
    await devices.forget().catch(() => undefined);
    await publishSignedOut(reason);
    options.tabs?.announce();
  };

  /** Another device took over (free plan): leave, keeping every local change for the next sign-in here. */
  const endDeviceSession = async () => {
    commandInFlight = true;
    try {
      await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
    } finally {
      commandInFlight = false;
    }
    await leave('session_ended');
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

  const withCommand = async <T>(action: () => Promise<T>): Promise<T> => {
    commandInFlight = true;
    try {
      return await action();
    } finally {
      commandInFlight = false;
    }
  };

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
    client,
    state$: state,
    auth,
    state: () => state.getValue(),
    current: async () => {
      await started;
      return state.getValue();
    },
    online,
    follow: (next) => {
      session.next(next);
    },
    loadFor,
    publishSignedOut,
    withCommand,
    enter,
    leave,
    verifyDevice,
    pendingChanges: () => (pendingChanges ? pendingChanges() : Promise.resolve(0)),
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
