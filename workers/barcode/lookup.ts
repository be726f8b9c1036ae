// The lookup itself: the device's cache first, then each host in order (Brazil, then world); a found or
// not-found answer is kept so the same code resolves offline later.
import type { KeyValueStore } from '../account/kv-store.ts';
import { parseLookupResponse, type BarcodeLookupResult } from './parse.ts';

export const DEFAULT_LOOKUP_HOSTS = ['https://br.openfoodfacts.org', 'https://world.openfoodfacts.org'] as const;

export interface BarcodeLookupOptions {
  /** Base URLs asked in order; GET {base}/api/v0/product/{code}.json. */
  hosts?: readonly string[];
  /** Where answers are kept on the device (IndexedDB in the browser, memory in tests). */
  cache: KeyValueStore;
  fetch?: typeof fetch;
  /** How long one host may take before the next is asked. */
  timeoutMs?: number;
}

type Answer = Exclude<BarcodeLookupResult, { status: 'unavailable' }>;

export function createBarcodeLookup(options: BarcodeLookupOptions) {
  const hosts = options.hosts && options.hosts.length > 0 ? options.hosts : DEFAULT_LOOKUP_HOSTS;
  const request = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 8000;

  /** One host's answer, or null when it could not be read. */
  async function ask(base: string, code: string): Promise<Answer | null> {
    try {
      const response = await request(`${base.replace(/\/+$/u, '')}/api/v0/product/${encodeURIComponent(code)}.json`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 404) return { status: 'not_found' };
      if (!response.ok) return null;
      const parsed = parseLookupResponse(await response.json());
      return parsed.status === 'unavailable' ? null : parsed;
    } catch {
      return null;
    }
  }

  async function cached(code: string): Promise<Answer | null> {
    const stored = await options.cache.getItem(code).catch(() => null);
    if (!stored) return null;
    try {
      const value = JSON.parse(stored) as { status?: unknown };
      return value.status === 'found' || value.status === 'not_found' ? (value as Answer) : null;
    } catch {
      return null;
    }
  }

  return async function lookup(code: string): Promise<BarcodeLookupResult> {
    const known = await cached(code);
    if (known?.status === 'found') return known;
    let answered = false;
    for (const base of hosts) {
      const answer = await ask(base, code);
      if (!answer) continue;
      answered = true;
      if (answer.status === 'found') {
        await options.cache.setItem(code, JSON.stringify(answer)).catch(() => undefined);
        return answer;
      }
    }
    if (answered) {
      await options.cache.setItem(code, JSON.stringify({ status: 'not_found' })).catch(() => undefined);
      return { status: 'not_found' };
    }
    return known ?? { status: 'unavailable' };
  };
}

/** The hosts named in a comma-separated setting, or the defaults when it is blank. */
export function barcodeLookupHosts(setting: string | undefined): readonly string[] {
  const named = (setting ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter((host) => host !== '');
  return named.length > 0 ? named : DEFAULT_LOOKUP_HOSTS;
}
