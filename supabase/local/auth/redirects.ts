// Where emailed links may send people back to: the site URL's origin, the stack itself, or an explicitly
// allowed URL; anything else falls back to the site URL, as GoTrue does (no open redirects). The matching rules are
// shared with the payment functions' return addresses.
import { isAllowedRedirect } from '../../functions/_shared/redirect-rules.ts';
import type { StackConfig } from '../config.ts';

export function safeRedirect(config: StackConfig, extra: readonly string[], requested: string | null | undefined): string {
  if (!requested) return config.siteUrl;
  return isAllowedRedirect(requested, [config.siteUrl, config.publicUrl, ...extra]) ? new URL(requested).href : config.siteUrl;
}

/** `base` with `params` in its fragment, replacing any fragment it had (GoTrue's implicit-flow redirect). */
export function withFragment(base: string, params: Record<string, string | number>): string {
  const url = new URL(base);
  const fragment = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  url.hash = fragment.toString();
  return url.href;
}
