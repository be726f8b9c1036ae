// Entry of the UI: starts the data worker, provides its client to components and the router, starts the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { getDataClient } from './lib/data-client.ts';
import { configureLiveQueries, LiveQueryStore } from './lib/live-query.ts';
import { relayConnectivity } from './lib/connectivity-relay.ts';
import { DataClientContext } from './lib/use-data-client.ts';
import { cacheOptionalAssetsWhenIdle } from './lib/optional-assets.ts';
import { createLastAccount } from './lib/last-account.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

const data = getDataClient();
relayConnectivity(data);
configureLiveQueries(() => new LiveQueryStore(data));
// A warm start routes by the account this browser last knew; the worker's answer corrects it when it differs.
const account = createLastAccount(() => data.account.current(), window.localStorage);
const router = createAppRouter({ data, account });
account.whenRerouted(() => {
  void router.invalidate();
});

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html');
createRoot(container).render(
  <StrictMode>
    <DataClientContext value={data}>
      <RouterProvider router={router} />
    </DataClientContext>
  </StrictMode>,
);
cacheOptionalAssetsWhenIdle();
