// Components reach the data worker through useDataClient(); main.tsx provides the one client at the root.
import { createContext, useContext } from 'react';
import type { DataClient } from './data-client.ts';

export const DataClientContext = createContext<DataClient | null>(null);

/** The tab's data worker client (the same one the router's loaders and guards receive in their context). */
export function useDataClient(): DataClient {
  const client = useContext(DataClientContext);
  if (!client) throw new Error('useDataClient fora de DataClientContext (veja src/main.tsx)');
  return client;
}
