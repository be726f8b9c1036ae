// A GoTrue- and PostgREST-shaped fake behind `fetch`, enough for auth-js and the profile row; it can go offline.
import { randomUUID } from 'node:crypto';

interface FakeUser {
  id: string;
  email: string;
  password: string;
  confirmed: boolean;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
}

export interface FakeProfile {
  id: string;
  nome: string | null;
  email: string;
  telefone: string | null;
  nome_mercado: string | null;
  plano: 'free' | 'premium';
  trial_end_date: string;
  data_fim_plano: string | null;
  status_pagamento: string | null;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...API_VERSION, ...headers } });
}

function authError(status: number, code: string, message: string): Response {
  return json(status, { code, message });
}

export class FakeBackend {
  readonly users = new Map<string, FakeUser>();
  readonly profiles = new Map<string, FakeProfile>();
  readonly refreshTokens = new Map<string, string>();
  readonly requests: FakeRequest[] = [];
  /** Active device sessions per user id (free plan: registering one ends the others). */
  readonly deviceSessions = new Map<string, Set<string>>();
  offline = false;
  /** Lifetime of issued access tokens, in seconds. */
  expiresIn = 3600;
  /** When false, sign-up creates no profile row (a server without the trigger). */
  createProfiles = true;
  /** The next this-many profile reads answer 503 (a server hiccup), then reads work again. */
  failProfileReads = 0;

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (this.offline) throw new TypeError('fetch failed');
    const url = new URL(request.url);
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    this.requests.push({ method: request.method, path: url.pathname, body });
    return this.route(request, url, (body ?? {}) as Record<string, unknown>);
  };

  confirm(email: string): void {
    const user = this.users.get(email);
    if (user) user.confirmed = true;
  }

  addUser(email: string, password: string, options: { appMetadata?: Record<string, unknown>; profile?: Partial<FakeProfile> } = {}): FakeUser {
    const user: FakeUser = {
      id: randomUUID(),
      email,
      password,
      confirmed: true,
      userMetadata: {},
      appMetadata: { provider: 'email', providers: ['email'], ...options.appMetadata },
    };
    this.users.set(email, user);
    this.profiles.set(user.id, this.newProfile(user, options.profile));
    return user;
  }

  private newProfile(user: FakeUser, extra: Partial<FakeProfile> = {}): FakeProfile {
    return {
      id: user.id,
      email: user.email,
      nome: (user.userMetadata.nome as string | undefined) ?? null,
      telefone: (user.userMetadata.telefone as string | undefined) ?? null,
      nome_mercado: (user.userMetadata.nome_mercado as string | undefined) ?? null,
      plano: 'free',
      trial_end_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      data_fim_plano: null,
      status_pagamento: null,
      ...extra,
    };
  }

  recoveryFragment(email: string): string {
    const user = this.users.get(email);
    if (!user) throw new Error('unknown user');
    const session = this.session(user);
    return `#access_token=${session.access_token}&expires_in=${session.expires_in}&refresh_token=${session.refresh_token}&token_type=bearer&type=recovery`;
  }

  private userJson(user: FakeUser) {
    const now = new Date().toISOString();
    return {
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
      ...(user.confirmed ? { email_confirmed_at: now, confirmed_at: now } : {}),
    };
  }

  private session(user: FakeUser) {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: 'fake', sub: user.id, aud: 'authenticated', exp: now + this.expiresIn, iat: now, role: 'authenticated',
      aal: 'aal1', session_id: randomUUID(), email: user.email, app_metadata: user.appMetadata, user_metadata: user.userMetadata,
    };
    const accessToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2ln`;
    const refreshToken = randomUUID();
    this.refreshTokens.set(refreshToken, user.email);
    return {
      access_token: accessToken, token_type: 'bearer', expires_in: this.expiresIn, expires_at: now + this.expiresIn,
      refresh_token: refreshToken, user: this.userJson(user),
    };
  }

  private userOfBearer(request: Request): FakeUser | undefined {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: string };
    return [...this.users.values()].find((user) => user.id === claims.sub);
  }

  private route(request: Request, url: URL, body: Record<string, unknown>): Response {
    const key = `${request.method} ${url.pathname}`;
    switch (key) {
      case 'POST /auth/v1/signup': {
        const email = String(body.email);
        if (this.users.has(email)) return authError(422, 'user_already_exists', 'User already registered');
        const user: FakeUser = {
          id: randomUUID(), email, password: String(body.password), confirmed: false,
          userMetadata: (body.data ?? {}) as Record<string, unknown>, appMetadata: { provider: 'email', providers: ['email'] },
        };
        this.users.set(email, user);
        if (this.createProfiles) this.profiles.set(user.id, this.newProfile(user));
        return json(200, this.userJson(user));
      }
      case 'POST /auth/v1/token': {
        if (url.searchParams.get('grant_type') === 'refresh_token') {
          const email = this.refreshTokens.get(String(body.refresh_token));
          const user = email ? this.users.get(email) : undefined;
          if (!user) return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
          this.refreshTokens.delete(String(body.refresh_token));
          return json(200, this.session(user));
        }
        const user = this.users.get(String(body.email));
        if (!user || user.password !== body.password) return authError(400, 'invalid_credentials', 'Invalid login credentials');
        if (!user.confirmed) return authError(400, 'email_not_confirmed', 'Email not confirmed');
        return json(200, this.session(user));
      }
      case 'GET /auth/v1/user': {
        const user = this.userOfBearer(request);
        return user ? json(200, this.userJson(user)) : authError(403, 'bad_jwt', 'invalid JWT');
      }
      case 'PUT /auth/v1/user': {
        const user = this.userOfBearer(request);
        if (!user) return authError(403, 'bad_jwt', 'invalid JWT');
        if (typeof body.password === 'string') {
          if (body.password === user.password) return authError(422, 'same_password', 'New password should be different from the old password.');
          user.password = body.password;
        }
        return json(200, this.userJson(user));
      }
      case 'POST /auth/v1/logout':
        return json(204, null);
      case 'POST /auth/v1/recover':
      case 'POST /auth/v1/resend':
        return json(200, {});
      case 'GET /rest/v1/users': {
        if (this.failProfileReads > 0) {
          this.failProfileReads -= 1;
          return json(503, { code: 'PGRST000', message: 'Service Unavailable', details: null, hint: null });
        }
        const id = url.searchParams.get('id')?.replace(/^eq\./, '');
        const profile = id ? this.profiles.get(id) : undefined;
        if (!profile) {
          return json(406, { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 0 rows', hint: null });
        }
        return json(200, profile);
      }
      case 'PATCH /rest/v1/users': {
        const id = url.searchParams.get('id')?.replace(/^eq\./, '');
        const profile = id ? this.profiles.get(id) : undefined;
        if (profile) Object.assign(profile, body);
        return json(204, null);
      }
      case 'POST /rest/v1/rpc/deactivate_specific_user_session': {
        this.deviceSessions.get(String(body.p_user_id))?.delete(String(body.p_session_token));
        return json(200, true);
      }
      case 'POST /rest/v1/rpc/register_user_session': {
        const user = this.userOfBearer(request);
        if (!user) return json(401, { message: 'JWT required' });
        const premium = this.profiles.get(user.id)?.plano === 'premium';
        const active = premium ? (this.deviceSessions.get(user.id) ?? new Set<string>()) : new Set<string>();
        active.add(String(body.p_session_token));
        this.deviceSessions.set(user.id, active);
        return json(200, { active: true });
      }
      case 'POST /rest/v1/rpc/check_user_session': {
        const user = this.userOfBearer(request);
        return json(200, Boolean(user && this.deviceSessions.get(user.id)?.has(String(body.p_session_token))));
      }
      default:
        return json(404, { message: `not faked: ${key}` });
    }
  }
}
