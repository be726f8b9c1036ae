// Where a person may be sent back to, by GoTrue's redirect rules: an address whose origin is the site URL's or an
// allow-list entry's, or (entries ending in `/**`) that starts with the entry's path. Shared by the local Auth
// service and the payment functions' return addresses.

export function originOf(url: string): string | null {
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

/** True when `requested` is an http(s) URL that one of `allowed` (site URL, allow-list entries) lets through. */
export function isAllowedRedirect(requested: string, allowed: readonly string[]): boolean {
  let candidate: URL;
  try {
    candidate = new URL(requested);
  } catch {
    return false;
  }
  if (candidate.protocol !== 'http:' && candidate.protocol !== 'https:') return false;
  return allowed.some((entry) => allowedBy(candidate, entry));
}

/** The entries of a comma-separated setting (ADDITIONAL_REDIRECT_URLS). */
export function redirectList(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
