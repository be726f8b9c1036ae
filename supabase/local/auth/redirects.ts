// Where emailed links may send people back to: the site URL's origin, the stack itself, or an explicitly
// allowed URL; anything else falls back to the site URL, as GoTrue does (no open redirects).
import type { StackConfig } from '../config.ts';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A URL matches an allowed entry by origin; entries ending in `/**` also match by path prefix. */
function allowedBy(candidate: URL, entry: string): boolean {
  if (entry.endsWith('/**')) {
    const base = entry.slice(0, -3);
    return originOf(base) === candidate.origin && candidate.href.startsWith(base);
  }
  return originOf(entry) === candidate.origin;
}

export function safeRedirect(config: StackConfig, extra: readonly string[], requested: string | null | undefined): string {
  if (!requested) return config.siteUrl;
  let candidate: URL;
  try {
    candidate = new URL(requested);
  } catch {
    return config.siteUrl;
  }
  if (candidate.protocol !== 'http:' && candidate.protocol !== 'https:') return config.siteUrl;
  const allowed = [config.siteUrl, config.publicUrl, ...extra];
  return allowed.some((entry) => allowedBy(candidate, entry)) ? candidate.href : config.siteUrl;
}

/** `base` with `params` in its fragment, replacing any fragment it had (GoTrue's implicit-flow redirect). */
export function withFragment(base: string, params: Record<string, string | number>): string {
  const url = new URL(base);
  const fragment = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  url.hash = fragment.toString();
  return url.href;
}
