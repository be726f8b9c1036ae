// Composes the data API from the list of domains: each domain's handlers under its name, and one live-query
// registry over every domain's live queries, refusing at start-up a name that two domains would share.
import type { Observable } from 'rxjs';
import { createLiveRegistry, type LiveHandlers, type LiveQueryMap } from './live/registry.ts';

/** What a domain module returns: its commands and reads, and optionally its live queries. */
export interface DomainParts {
  readonly handlers: object;
  readonly live?: Readonly<Record<string, (params: never) => Observable<unknown>>>;
}

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** Every live query of every domain, by name. */
export type LiveQueriesOf<Domains extends Record<string, DomainParts>> = UnionToIntersection<
  {
    [Name in keyof Domains]: Domains[Name]['live'] extends infer Live ? (Live extends object ? Live : never) : never;
  }[keyof Domains]
>;

export type ComposedApi<Domains extends Record<string, DomainParts>> = {
  readonly [Name in keyof Domains]: Domains[Name]['handlers'];
} & { readonly live: LiveHandlers<LiveQueriesOf<Domains> & LiveQueryMap> };

export function composeApi<Domains extends Record<string, DomainParts>>(domains: Domains): ComposedApi<Domains> {
  if ('live' in domains) throw new Error('"live" is the live-query registry, not a domain name');
  const owners = new Map<string, string>();
  for (const [domain, parts] of Object.entries(domains)) {
    for (const query of Object.keys(parts.live ?? {})) {
      const owner = owners.get(query);
      if (owner) throw new Error(`live query "${query}" is exposed by both "${owner}" and "${domain}"`);
      owners.set(query, domain);
    }
  }
  const handlers = Object.fromEntries(Object.entries(domains).map(([name, parts]) => [name, parts.handlers]));
  const live = Object.assign({}, ...Object.values(domains).map((parts) => parts.live ?? {})) as LiveQueriesOf<Domains> &
    LiveQueryMap;
  return { ...handlers, live: createLiveRegistry(live) } as ComposedApi<Domains>;
}
