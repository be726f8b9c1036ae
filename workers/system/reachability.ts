// Whether the server can actually be reached: navigator.onLine says only that a network interface is up
// (and lags behind emulated or captive networks), so the worker asks the server itself now and then.
import { createManualConnectivity, type ConnectivitySource } from './connectivity.ts';

export interface ReachabilityOptions {
  /** A URL that answers quickly and is never served from a cache (a query string defeats the precache). */
  probeUrl: string;
  fetch?: typeof fetch;
  /** Seconds between probes while reachable and while not (retries are quicker when offline). */
  intervalOnlineMs?: number;
  intervalOfflineMs?: number;
  timeoutMs?: number;
  /** Pauses between the quick retries of `wake` (ms). */
  wakeRetriesMs?: readonly number[];
}

export interface ReachabilitySource extends ConnectivitySource {
  /** Probes now; resolves to the result. */
  check(): Promise<boolean>;
  /**
   * The page says the network is back: probe now and, while the server cannot be reached yet (the worker's
   * network often follows a moment later), again after short pauses before falling back to the usual interval.
   */
  wake(): Promise<boolean>;
  stop(): void;
}

export function createReachability(options: ReachabilityOptions): ReachabilitySource {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const intervalOnline = options.intervalOnlineMs ?? 30_000;
  const intervalOffline = options.intervalOfflineMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 8_000;
  const state = createManualConnectivity(true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const probe = async (): Promise<boolean> => {
    const url = new URL(options.probeUrl);
    url.searchParams.set('probe', Date.now().toString(36));
    try {
      // Any HTTP answer, even an error status, means the server is reachable.
      await doFetch(url, { method: 'GET', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
      return true;
    } catch {
      return false;
    }
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void check(), state.current().online ? intervalOnline : intervalOffline);
  };

  const check = async (): Promise<boolean> => {
    const reachable = await probe();
    state.set(reachable);
    schedule();
    return reachable;
  };

  let waking: Promise<boolean> | undefined;
  const wake = (): Promise<boolean> => {
    waking ??= (async () => {
      for (const pause of [0, ...(options.wakeRetriesMs ?? [250, 500, 1000, 2000])]) {
        if (stopped) return false;
        if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        if (await check()) return true;
      }
      return false;
    })().finally(() => {
      waking = undefined;
    });
    return waking;
  };

  void check();
  return {
    changes: state.changes,
    current: () => state.current(),
    check,
    wake,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
