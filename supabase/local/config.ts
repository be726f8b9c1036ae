// Settings of the local stack, read and checked once from the environment, with the same defaults as `supabase
// start`: a number that does not read as one stops the stack with the setting's name rather than running on NaN.
import { SignJWT } from 'jose';
import { loadAuthSettings, type AuthSettings } from './auth/settings.ts';
import { canonicalIp } from './ip-address.ts';
import { wholeNumberSetting } from './settings-reading.ts';
import { restLimitsFromEnv, type RestLimits } from './rest/limits.ts';
import { tenantLimitsFromEnv, type TenantLimits } from './realtime/limits.ts';

/** The Supabase CLI's well-known development secret: tools written for its local stack work unchanged. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Expiry of the CLI's anon and service keys (2032-11-12), so that our keys are byte-identical to theirs. */
const CLI_KEY_EXPIRY = 1983812996;

export interface StackConfig {
  port: number;
  /** Public base URL of the stack, as browsers and supabase-js reach it. */
  publicUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Postgres connection string; when absent the stack runs PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Folder for PGlite's data, stored files and the mail outbox; undefined keeps everything in memory. */
  dataDir?: string;
  /** Where the app is served, used as the default redirect of emailed links. */
  siteUrl: string;
  /** Access-token lifetime in seconds (GoTrue's default is one hour). */
  jwtExpirySeconds: number;
  /** Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES, comma-separated addresses). */
  trustedProxies: string[];
  /**
   * Schemas the REST API exposes, the first one the default (PGRST_DB_SCHEMAS, comma-separated, as PostgREST's
   * db-schemas); others are reached with Accept-Profile / Content-Profile (supabase-js `.schema('x')`).
   */
  restSchemas: string[];
  /** Aggregate functions in REST selects (PGRST_DB_AGGREGATES_ENABLED=true, as PostgREST's db-aggregates-enabled). */
  restAggregates: boolean;
  /** What one REST request may make the database build (PGRST_DB_MAX_ROWS, REST_MAX_*; see rest/limits.ts). */
  restLimits: Partial<RestLimits>;
  /** Realtime sockets per user and per address (REALTIME_MAX_SOCKETS_PER_USER, REALTIME_MAX_SOCKETS_PER_IP). */
  realtimeLimits: Partial<TenantLimits>;
  /** GoTrue's settings (GOTRUE_*, ADDITIONAL_REDIRECT_URLS; see auth/settings.ts), before a test's overrides. */
  auth: AuthSettings;
}

export async function signServiceKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role, exp: CLI_KEY_EXPIRY })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

export async function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<StackConfig> = {},
): Promise<StackConfig> {
  const port = overrides.port ?? wholeNumberSetting(env, 'PORT', 54321, { max: 65_535 });
  const jwtSecret = overrides.jwtSecret ?? env.SUPABASE_JWT_SECRET ?? DEFAULT_JWT_SECRET;
  return {
    port,
    publicUrl: overrides.publicUrl ?? env.SUPABASE_PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    jwtSecret,
    anonKey: overrides.anonKey ?? (await signServiceKey(jwtSecret, 'anon')),
    serviceRoleKey: overrides.serviceRoleKey ?? (await signServiceKey(jwtSecret, 'service_role')),
    databaseUrl: overrides.databaseUrl ?? (env.DATABASE_URL || undefined),
    dataDir: 'dataDir' in overrides ? overrides.dataDir : (env.STACK_DATA_DIR ?? '.data/stack'),
    siteUrl: overrides.siteUrl ?? env.SITE_URL ?? 'http://127.0.0.1:4173',
    jwtExpirySeconds: overrides.jwtExpirySeconds ?? wholeNumberSetting(env, 'JWT_EXPIRY', 3600, { min: 1 }),
    trustedProxies:
      overrides.trustedProxies ??
      (env.TRUSTED_PROXIES ?? '')
        .split(',')
        // As the front door compares them: one spelling each (IPv4-mapped IPv6 is the IPv4 address).
        .map(canonicalIp)
        .filter(Boolean),
    restSchemas:
      overrides.restSchemas ??
      (env.PGRST_DB_SCHEMAS ?? 'public')
        .split(',')
        .map((schema) => schema.trim())
        .filter(Boolean),
    restAggregates: overrides.restAggregates ?? env.PGRST_DB_AGGREGATES_ENABLED === 'true',
    restLimits: overrides.restLimits ?? restLimitsFromEnv(env),
    realtimeLimits: overrides.realtimeLimits ?? tenantLimitsFromEnv(env),
    auth: overrides.auth ?? loadAuthSettings(env),
  };
}
