// The data worker's whole API, composed in this one place from the per-domain handler modules.
import { createLiveRegistry } from './live/registry.ts';
import { createSessionDomain, type SessionStore } from './session/handlers.ts';
import { createSystemDomain, type SystemOptions } from './system/handlers.ts';

export interface DataApiOptions extends SystemOptions {
  sessionStore: SessionStore;
}

function createDomains(options: DataApiOptions) {
  return {
    system: createSystemDomain(options),
    session: createSessionDomain(options),
  };
}

export function createDataApi(options: DataApiOptions) {
  const { system, session } = createDomains(options);
  const liveQueries = { ...system.live, ...session.live };
  return {
    system: system.handlers,
    session: session.handlers,
    live: createLiveRegistry(liveQueries),
  };
}

export type DataApi = ReturnType<typeof createDataApi>;
type Domains = ReturnType<typeof createDomains>;
export type LiveQueries = Domains['system']['live'] & Domains['session']['live'];
export type LiveQueryName = Extract<keyof LiveQueries, string>;
export type { ConnectivityState } from './system/connectivity.ts';
export type { SessionSummary } from './session/handlers.ts';
