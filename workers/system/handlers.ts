// The system domain: app version and connectivity, the first things every screen can ask the worker.
import type { ConnectivitySource, ConnectivityState } from './connectivity.ts';

export interface SystemOptions {
  appVersion: string;
  connectivity: ConnectivitySource;
}

export function createSystemDomain(options: SystemOptions) {
  return {
    handlers: {
      appVersion: (): string => options.appVersion,
      connectivity: (): ConnectivityState => options.connectivity.current(),
    },
    live: {
      connectivity: (_params: undefined) => options.connectivity.changes,
    },
  };
}
