// Whether this device can reach the network, as a live value the rest of the worker can follow.
import { BehaviorSubject, combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';

export interface ConnectivityState {
  readonly online: boolean;
  /** ISO time of the last change, so the UI can say since when it is offline. */
  readonly since: string;
}

export interface ConnectivitySource {
  readonly changes: Observable<ConnectivityState>;
  current(): ConnectivityState;
}

/** A source driven by hand: Node tests and devices simulated in one process use it. */
export function createManualConnectivity(initiallyOnline = true): ConnectivitySource & { set(online: boolean): void } {
  const subject = new BehaviorSubject<ConnectivityState>({ online: initiallyOnline, since: new Date().toISOString() });
  return {
    changes: subject.pipe(distinctUntilChanged((a, b) => a.online === b.online)),
    current: () => subject.getValue(),
    set(online) {
      if (subject.getValue().online !== online) subject.next({ online, since: new Date().toISOString() });
    },
  };
}

/** The browser's view (navigator.onLine plus online/offline events), from inside a worker or a page. */
export function createBrowserConnectivity(scope: EventTarget & { navigator: { onLine: boolean } }): ConnectivitySource {
  const source = createManualConnectivity(scope.navigator.onLine);
  scope.addEventListener('online', () => {
    source.set(true);
  });
  scope.addEventListener('offline', () => {
    source.set(false);
  });
  return { changes: source.changes, current: () => source.current() };
}

/**
 * Online only while every source says so. The worker combines its own view with what the page reports:
 * a dedicated worker's navigator does not always follow the page's (emulated or captive) network state.
 */
export function createCombinedConnectivity(sources: readonly ConnectivitySource[]): ConnectivitySource {
  const current = (): ConnectivityState => {
    const states = sources.map((source) => source.current());
    const online = states.every((state) => state.online);
    const since = states.map((state) => state.since).sort().at(-1) ?? new Date().toISOString();
    return { online, since };
  };
  return {
    changes: combineLatest(sources.map((source) => source.changes)).pipe(
      map(() => current()),
      distinctUntilChanged((a, b) => a.online === b.online),
    ),
    current,
  };
}
