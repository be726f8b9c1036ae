// The data worker's entry: builds the API for this browser context and exposes it with comlink.
import { expose } from 'comlink';
import { createDataApi } from './api.ts';
import { installDataErrorTransfer } from './contract/comlink-errors.ts';
import { createMemorySessionStore } from './session/handlers.ts';
import { createBrowserConnectivity } from './system/connectivity.ts';

installDataErrorTransfer();
expose(
  createDataApi({
    appVersion: import.meta.env.VITE_APP_VERSION,
    connectivity: createBrowserConnectivity(self),
    sessionStore: createMemorySessionStore(),
  }),
);
