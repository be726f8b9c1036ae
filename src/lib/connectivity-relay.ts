// Relays the page's online/offline events to the data worker, whose own view of the network can lag.
import type { DataClient } from './data-client.ts';

/** Starts relaying; returns a function that stops it. */
export function relayConnectivity(data: DataClient, scope: Window = window): () => void {
  const report = () => {
    void data.system.reportPageConnectivity(scope.navigator.onLine);
  };
  report();
  scope.addEventListener('online', report);
  scope.addEventListener('offline', report);
  return () => {
    scope.removeEventListener('online', report);
    scope.removeEventListener('offline', report);
  };
}
