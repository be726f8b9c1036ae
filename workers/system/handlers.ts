// The system domain: app version and connectivity, the first things every screen can ask the worker.
import { of } from 'rxjs';
import type { ConnectivitySource, ConnectivityState } from './connectivity.ts';

export type { ConnectivityState } from './connectivity.ts';

export interface SystemOptions {
  appVersion: string;
  connectivity: ConnectivitySource;
  /** Where the page's own online/offline events are recorded (part of `connectivity`). */
  pageConnectivity?: { set(online: boolean): void };
}

export function createSystemDomain(options: SystemOptions) {
  return {
    handlers: {
      appVersion: (): string => options.appVersion,
      connectivity: (): ConnectivityState => options.connectivity.current(),
      /** The page tells the worker what its navigator says (called at start and on online/offline). */
      reportPageConnectivity: (online: boolean): void => {
        options.pageConnectivity?.set(online);
      },
    },
    live: {
      /** The version never changes while the worker runs; a live query so screens read it like any other data. */
      appVersion: (_params: undefined) => of(options.appVersion),
      connectivity: (_params: undefined) => options.connectivity.changes,
    },
  };
}
