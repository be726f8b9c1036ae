// The session domain: who is signed in on this device, as the route guards and the header ask it.
import { BehaviorSubject, type Observable } from 'rxjs';

export interface SessionSummary {
  readonly userId: string;
  readonly email: string;
  readonly isAdmin: boolean;
}

/** Where the last session of this device is kept between starts. */
export interface SessionStore {
  load(): Promise<SessionSummary | null>;
  save(session: SessionSummary | null): Promise<void>;
}

/** A store that lives as long as the worker: tests, and the browser until sign-in persists sessions. */
export function createMemorySessionStore(initial: SessionSummary | null = null): SessionStore {
  let value = initial;
  return {
    load: () => Promise.resolve(value),
    save: (session) => {
      value = session;
      return Promise.resolve();
    },
  };
}

export function createSessionDomain(options: { sessionStore: SessionStore }) {
  const current = new BehaviorSubject<SessionSummary | null | undefined>(undefined);
  const loaded = options.sessionStore.load().then((session) => {
    current.next(session);
    return session;
  });
  return {
    handlers: {
      /** The signed-in user of this device, or null. */
      current: async (): Promise<SessionSummary | null> => {
        const value = current.getValue();
        return value === undefined ? loaded : value;
      },
    },
    live: {
      session: (_params: undefined): Observable<SessionSummary | null | undefined> => current,
    },
  };
}
