// The UI's only door to data: a typed comlink proxy of the data worker's API.
import type { DataApi } from '../../workers/api.ts';
import { connectRemoteApi, type RemoteApi } from '../../workers/contract/remote.ts';

export type DataClient = RemoteApi<DataApi>;

let client: DataClient | undefined;

/** The one data worker of this tab, started on first use. */
export function getDataClient(): DataClient {
  if (!client) {
    const worker = new Worker(new URL('../../workers/data.worker.ts', import.meta.url), { type: 'module', name: 'dados' });
    client = connectRemoteApi<DataApi>(worker);
  }
  return client;
}
