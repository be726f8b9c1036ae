// Supabase Edge Functions at /functions/v1/<name>: runs supabase/functions/<name>/index.ts's handler with the
// caller's request (Authorization passed through), the project's URL and keys in its environment (with the site
// URL, the redirect allow-list and the payment secrets the functions read as secrets on Supabase), and the
// platform's JWT check unless config.toml turns it off for that function.
import { fileURLToPath } from 'node:url';
import { GatewayError, verifyJwt } from '../request-context.ts';
import { BodyTooLarge, readBodyBytes } from '../request-body.ts';
import { json, type RequestInfo, type StackContext, type StackService } from '../service.ts';
import { createFunctionLoader, FunctionBootError } from './loader.ts';
import { withFunctionEnv } from './runtime-env.ts';
import { paymentSecrets, type PaymentSecrets } from './secrets.ts';
import { functionsWithoutJwtCheck } from './settings.ts';

export const DEFAULT_FUNCTIONS_DIR = fileURLToPath(new URL('../../functions/', import.meta.url));
const DEFAULT_CONFIG_TOML = fileURLToPath(new URL('../../config.toml', import.meta.url));

export interface FunctionsOptions {
  /** Folder holding `<name>/index.ts`; supabase/functions by default. */
  functionsDir?: string;
  /** Functions served without the JWT check; by default those with `verify_jwt = false` in supabase/config.toml. */
  withoutJwtCheck?: Iterable<string>;
  /** More variables for the functions' environment (provider keys…), over the stack's own. */
  env?: Record<string, string>;
  /** Largest request body a function is given (DEFAULT_MAX_FUNCTION_BODY_BYTES). */
  maxBodyBytes?: number;
}

/**
 * The largest body a function takes is a Stripe event (a few KB; lists inside events carry at most 10 items):
 * 2 MiB leaves ample room, and ten hostile uploads cost 20 MB instead of everything the machine has.
 */
export const DEFAULT_MAX_FUNCTION_BODY_BYTES = 2 * 1024 * 1024;

/** The request a function is given: its body read in full beforehand, within the limit (null when over it). */
async function withBoundedBody(request: Request, limit: number): Promise<Request | null> {
  if (!request.body) return request;
  let body: Buffer;
  try {
    body = await readBodyBytes(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) return null;
    throw error;
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: new Uint8Array(body),
    signal: request.signal,
  });
}

/** The platform's check before a function runs (verify_jwt): a bearer JWT signed with the project's secret. */
async function checkJwt(request: Request, secret: string): Promise<Response | null> {
  const bearer = request.headers
    .get('authorization')
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();
  if (!bearer) return json({ code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' }, 401);
  try {
    await verifyJwt(bearer, secret);
    return null;
  } catch (error) {
    if (error instanceof GatewayError) return json({ code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' }, 401);
    throw error;
  }
}

export function createFunctionsService(ctx: StackContext, options: FunctionsOptions = {}): StackService {
  const loader = createFunctionLoader(options.functionsDir ?? DEFAULT_FUNCTIONS_DIR);
  let open = new Set(options.withoutJwtCheck ?? []);
  let secrets: PaymentSecrets | null = null;

  return {
    prefix: '/functions/v1',
    async start() {
      if (!options.withoutJwtCheck) open = await functionsWithoutJwtCheck(DEFAULT_CONFIG_TOML);
      secrets = await paymentSecrets(ctx.config.dataDir);
    },
    async handle(request: Request, info: RequestInfo): Promise<Response> {
      const name = info.path.split('/')[1] ?? '';
      let handler;
      try {
        handler = await loader.load(name);
      } catch (error) {
        if (!(error instanceof FunctionBootError)) throw error;
        console.error('[functions]', error.message);
        return json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503);
      }
      if (!handler) return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
      if (!open.has(name)) {
        const refused = await checkJwt(request, ctx.config.jwtSecret);
        if (refused) return refused;
      }
      const bounded = await withBoundedBody(request, options.maxBodyBytes ?? DEFAULT_MAX_FUNCTION_BODY_BYTES);
      if (!bounded) return json({ code: 'REQUEST_TOO_LARGE', message: 'Request size limit exceeded' }, 413);
      secrets ??= await paymentSecrets(ctx.config.dataDir);
      const redirects = ctx.config.auth.additionalRedirectUrls;
      const env = {
        ...secrets,
        SITE_URL: ctx.config.siteUrl,
        ...(redirects.length > 0 ? { ADDITIONAL_REDIRECT_URLS: redirects.join(',') } : {}),
        ...options.env,
        SUPABASE_URL: ctx.config.publicUrl,
        SUPABASE_ANON_KEY: ctx.config.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
      };
      try {
        const response: unknown = await withFunctionEnv(env, () => handler(bounded));
        if (!(response instanceof Response)) throw new Error(`a função ${name} não devolveu um Response`);
        return response;
      } catch (error) {
        console.error(`[functions] ${name}:`, error);
        return json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
      }
    },
  };
}
