// The data worker's entry: builds the API for this browser context and exposes it with comlink.
import { expose } from 'comlink';
import { createDataApi } from './api.ts';
import { resolveBackendConfig } from './account/config.ts';
import { createIndexedDbStore } from './account/kv-store.ts';
import { barcodeLookupHosts } from './barcode/lookup.ts';
import { createBroadcastTabChannel } from './account/tab-sync.ts';
import { installDataErrorTransfer } from './contract/comlink-errors.ts';
import { browserOwnerData } from './db/browser-owner-data.ts';
import { createBrowserConnectivity, createCombinedConnectivity, createManualConnectivity } from './system/connectivity.ts';
import { createReachability } from './system/reachability.ts';
import { indexedDbImageStore } from './images/store.ts';

installDataErrorTransfer();
const pageConnectivity = createManualConnectivity(self.navigator.onLine);
// The backend this build talks to (the local stack's address when none is configured): its health endpoint
// says whether the server, not just some network, can be reached.
const backend = resolveBackendConfig(import.meta.env);
const reachability = createReachability({ probeUrl: `${backend.url}/auth/v1/health` });
// The worker's own navigator can miss the way back online (a worker started while offline may never hear
// 'online'), so it only asks for a probe: the page's reports and the probe itself decide.
createBrowserConnectivity(self).changes.subscribe((state) => {
  void (state.online ? reachability.wake() : reachability.check());
});
expose(
  createDataApi({
    appVersion: import.meta.env.VITE_APP_VERSION,
    connectivity: createCombinedConnectivity([pageConnectivity, reachability]),
    pageConnectivity: {
      set(online) {
        pageConnectivity.set(online);
        if (online) void reachability.wake();
      },
    },
    account: {
      backend,
      storage: createIndexedDbStore(self.indexedDB, 'caderneta-conta'),
      siteOrigin: self.location.origin,
      deviceInfo: self.navigator.userAgent,
      tabs: createBroadcastTabChannel(),
    },
    // The public product database (docs/product.md §7); VITE_BARCODE_LOOKUP_HOSTS (comma-separated) points it elsewhere.
    barcodeLookup: {
      hosts: barcodeLookupHosts(import.meta.env.VITE_BARCODE_LOOKUP_HOSTS),
      cache: createIndexedDbStore(self.indexedDB, 'caderneta-codigos-de-barras'),
    },
    images: { store: indexedDbImageStore(self.indexedDB), retryMs: 30_000 },
    ownerData: browserOwnerData(backend.url, self),
  }),
);
