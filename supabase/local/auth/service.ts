// The GoTrue-compatible Auth service at /auth/v1: routes each endpoint, applies the gateway's key check, the
// blocked-IP rule and GoTrue's per-address rate limits, and answers failures in GoTrue's error shapes.
import { isClientGone } from '../request-body.ts';
import { json, type RequestInfo, type StackContext, type StackService } from '../service.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { AuthCall } from './call.ts';
import { API_VERSION, API_VERSION_HEADER, AuthFailure, failureResponse, wantsCurrentApi } from './errors.ts';
import { createMailer } from './mailer.ts';
import { requireApiKey } from './request.ts';
import { ensureAuthSchema } from './schema.ts';
import { refuseBlockedIp } from './security.ts';
import { withAuthOverrides, type AuthSettings, type AuthSettingsOverrides } from './settings.ts';
import { createAuthLimits, limitRequest, type RequestBucket } from './throttle.ts';
import { admin, invite } from './routes/admin.ts';
import { factorsRoute } from './routes/factors.ts';
import { otp, recover, resend, signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, identities, logout, updateUser } from './routes/user.ts';
import { reauthenticate } from './routes/reauthenticate.ts';
import { verifyLink, verifyOtp } from './routes/verify.ts';

type Route = (call: AuthCall) => Promise<Response>;

const ROUTES: Record<string, Partial<Record<string, Route>>> = {
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/verify': { GET: verifyLink, POST: verifyOtp },
  '/recover': { POST: recover },
  '/resend': { POST: resend },
  '/otp': { POST: otp },
  '/magiclink': { POST: otp },
  '/user': { GET: getUser, PUT: updateUser },
  '/logout': { POST: logout },
  '/reauthenticate': { GET: reauthenticate },
  '/invite': { POST: invite },
  '/user/identities/authorize': { GET: identities },
};

/** GoTrue's per-address bucket of each limited endpoint (the admin API is not limited). */
const BUCKETS: Record<string, Partial<Record<string, RequestBucket>>> = {
  '/token': { POST: 'token' },
  '/verify': { GET: 'verify', POST: 'verify' },
  '/signup': { POST: 'signup' },
  '/recover': { POST: 'recover' },
  '/resend': { POST: 'resend' },
  '/otp': { POST: 'otp' },
  '/magiclink': { POST: 'magiclink' },
  '/user': { PUT: 'user' },
  '/reauthenticate': { GET: 'reauthenticate' },
};

/** Reachable without an API key, as Supabase's gateway leaves them open (links opened from an email). */
const OPEN_PATHS: ReadonlySet<string> = new Set(['/verify', '/callback', '/authorize']);

function settingsJson(settings: AuthSettings): Record<string, unknown> {
  return {
    external: { email: true, phone: false, anonymous_users: settings.anonymousSignIns },
    disable_signup: false,
    mailer_autoconfirm: settings.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

export function createAuthService(ctx: StackContext, outbox: Outbox, overrides: AuthSettingsOverrides = {}): StackService {
  const settings = withAuthOverrides(ctx.config.auth, overrides);
  const mailer = createMailer(ctx.config, settings, outbox);
  const limits = createAuthLimits(settings);

  async function route(request: Request, info: RequestInfo): Promise<Response> {
    const path = info.path.replace(/\/+$/, '') || '/';
    if (path === '/health')
      return json({
        version: 'caderneta-local',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      });
    if (!OPEN_PATHS.has(path)) await requireApiKey(request, ctx.config);
    if (path === '/settings') return json(settingsJson(settings));
    await refuseBlockedIp(ctx.db, info.ip, path);
    const call: AuthCall = {
      request,
      url: info.url,
      path,
      ip: info.ip,
      config: ctx.config,
      settings,
      db: ctx.db,
      mailer,
      limits,
    };
    if (path === '/admin' || path.startsWith('/admin/')) return admin(call);
    const factors = path === '/factors' || path.startsWith('/factors/') ? factorsRoute(call) : null;
    if (factors) return factors;
    const bucket = BUCKETS[path]?.[request.method];
    if (bucket) limitRequest(limits, settings, bucket, info.ip);
    const handler =
      ROUTES[path]?.[request.method] ??
      (/^\/user\/identities\/[^/]+$/.test(path) && request.method === 'DELETE' ? identities : undefined);
    if (handler) return handler(call);
    if (ROUTES[path]) throw new AuthFailure(405, 'method_not_allowed', 'Method not allowed');
    throw new AuthFailure(404, 'not_found', 'Not found');
  }

  return {
    prefix: '/auth/v1',
    async start() {
      await ensureAuthSchema(ctx.db);
    },
    async handle(request: Request, info: RequestInfo): Promise<Response> {
      let response: Response;
      try {
        response = await route(request, info);
      } catch (error) {
        if (!(error instanceof AuthFailure) && !isClientGone(error)) console.error('[auth]', error);
        const failure =
          error instanceof AuthFailure
            ? error
            : new AuthFailure(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
        return failureResponse(failure, request);
      }
      if (wantsCurrentApi(request)) response.headers.set(API_VERSION_HEADER, API_VERSION);
      return response;
    },
  };
}
