// One Auth request with everything a route needs: the request, the caller's address, settings and services.
import type { Database } from '../db/database.ts';
import type { StackConfig } from '../config.ts';
import type { Mailer } from './mailer.ts';
import { safeRedirect } from './redirects.ts';
import type { AuthSettings } from './settings.ts';
import type { AuthLimits } from './throttle.ts';

export interface AuthCall {
  request: Request;
  url: URL;
  /** Path below /auth/v1, e.g. `/token`. */
  path: string;
  ip: string;
  config: StackConfig;
  settings: AuthSettings;
  db: Database;
  mailer: Mailer;
  limits: AuthLimits;
}

/** The current time of the Auth clock, for SQL parameters. */
export function nowOf(call: AuthCall): Date {
  return new Date(call.settings.now());
}

/** The request's `redirect_to`, if it is an allowed target; the site URL otherwise. */
export function redirectOf(call: AuthCall, requested?: string | null): string {
  return safeRedirect(call.config, call.settings.additionalRedirectUrls, requested ?? call.url.searchParams.get('redirect_to'));
}

export function clientInfo(call: AuthCall): { ip: string; userAgent: string | null } {
  return { ip: call.ip, userAgent: call.request.headers.get('user-agent') };
}
