// Auth's protections, through the official client: the sign-in throttle (per address and per address+account,
// from system_settings.security_settings) with its security_logs rows, blocked IPs (exact and CIDR), API keys, and expired, forged or orphaned JWTs refused
// by /auth/v1/user and by REST alike.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { startTestStack, type TestStack } from '../support/stack.ts';

interface SecurityLogRow {
  action: string;
  ip_address: string | null;
  user_id: string | null;
  blocked: boolean;
  details: Record<string, unknown> | null;
}

let stack: TestStack;
let hasSecurityTables = false;
/** The Auth clock: sign-in throttles refill as the test moves it. */
const clock = { now: Date.now() };
const PASSWORD = 'Senha@Forte1';

beforeAll(async () => {
  // The test plays a load balancer on loopback, so the stack believes the addresses it forwards.
  stack = await startTestStack({ config: { trustedProxies: ['127.0.0.1'] }, auth: { now: () => clock.now } });
  const { rows } = await stack.db.query<{ ready: boolean }>(
    `SELECT to_regclass('public.security_logs') IS NOT NULL AND to_regclass('public.blocked_ips') IS NOT NULL
        AND to_regclass('public.system_settings') IS NOT NULL AS ready`,
  );
  hasSecurityTables = rows[0]?.ready === true;
});

afterAll(async () => {
  await stack.close();
});

/** A client whose requests come from `ip`, as forwarded by the trusted proxy. */
function clientFrom(ip: string) {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as never },
    global: { headers: { 'x-forwarded-for': ip } },
  });
}

async function confirmedUser(email: string): Promise<string> {
  const { data, error } = await stack.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  return data.user.id;
}

async function securityLogs(filter: { email?: string; ip?: string }): Promise<SecurityLogRow[]> {
  const { rows } = await stack.db.query<SecurityLogRow>(
    `SELECT action, ip_address, user_id::text AS user_id, blocked, details FROM public.security_logs
      WHERE ($1::text IS NULL OR details ->> 'email' = $1::text) AND ($2::text IS NULL OR ip_address = $2::text)
      ORDER BY created_at, id`,
    [filter.email ?? null, filter.ip ?? null],
  );
  return rows;
}

describe('sign-in throttle', () => {
  it("slows down only the stranger's address: the owner signs in from their own meanwhile, and it is all logged", async (ctx) => {
    if (!hasSecurityTables) ctx.skip();
    await stack.db.query(
      `UPDATE public.system_settings SET value = '{"max_login_attempts": 3, "lockout_duration": 10, "require_2fa": false}'::jsonb
        WHERE key = 'security_settings'`,
    );
    const email = `bloqueio.${Date.now()}@teste.dev`;
    const userId = await confirmedUser(email);
    const bystander = `vizinho.${Date.now()}@teste.dev`;
    await confirmedUser(bystander);
    const stranger = clientFrom('192.0.2.10');

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const { error } = await stranger.auth.signInWithPassword({ email, password: `errada-${attempt}` });
      expect(error?.code).toBe('invalid_credentials');
    }
    // Even the right password is not tried from there now.
    const held = await stranger.auth.signInWithPassword({ email, password: PASSWORD });
    expect(held.error?.status).toBe(429);
    expect(held.error?.code).toBe('over_request_rate_limit');
    expect(held.data.session).toBeNull();

    // The owner, at home, is not affected; nor is another account tried from the stranger's address.
    const owner = await clientFrom('192.0.2.99').auth.signInWithPassword({ email, password: PASSWORD });
    expect(owner.error).toBeNull();
    expect(owner.data.session?.user.id).toBe(userId);
    expect((await stranger.auth.signInWithPassword({ email: bystander, password: PASSWORD })).error).toBeNull();

    const logs = await securityLogs({ email, ip: '192.0.2.10' });
    // Rows written in the same millisecond may share created_at: compare them as a set, attempts by number.
    expect(logs.map((row) => row.action).sort()).toEqual([
      'login_failed',
      'login_failed',
      'login_failed',
      'login_locked',
      'login_throttled',
    ]);
    expect(
      logs
        .filter((row) => row.action === 'login_failed')
        .map((row) => row.details?.attempt)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(logs.every((row) => row.user_id === userId)).toBe(true);
    expect(
      logs
        .filter((row) => row.blocked)
        .map((row) => row.action)
        .sort(),
    ).toEqual(['login_locked', 'login_throttled']);
    expect(logs.find((row) => row.details?.attempt === 3)?.details).toMatchObject({ email, max_login_attempts: 3 });
    expect(logs.find((row) => row.action === 'login_throttled')?.details).toMatchObject({
      email,
      scope: 'ip_account',
      lockout_duration: 10,
    });

    // Slowed down, not locked: one more try every 10 min / 3 attempts = 200 s.
    clock.now += 200_000;
    expect((await stranger.auth.signInWithPassword({ email, password: 'errada-4' })).error?.code).toBe('invalid_credentials');
    expect((await stranger.auth.signInWithPassword({ email, password: 'errada-5' })).error?.code).toBe('over_request_rate_limit');
    // After the whole lockout_duration, the address has all its tries back.
    clock.now += 10 * 60_000;
    expect((await stranger.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('counts only the failures since the last successful sign-in from that address', async (ctx) => {
    if (!hasSecurityTables) ctx.skip();
    await stack.db.query(
      `UPDATE public.system_settings SET value = '{"max_login_attempts": 2, "lockout_duration": 5}'::jsonb WHERE key = 'security_settings'`,
    );
    const email = `sucesso.${Date.now()}@teste.dev`;
    await confirmedUser(email);
    const client = clientFrom('192.0.2.11');
    expect((await client.auth.signInWithPassword({ email, password: 'errada-1' })).error?.code).toBe('invalid_credentials');
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await client.auth.signInWithPassword({ email, password: 'errada-2' })).error?.code).toBe('invalid_credentials');
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('throttles emails nobody registered the same way (no account enumeration)', async (ctx) => {
    if (!hasSecurityTables) ctx.skip();
    await stack.db.query(
      `UPDATE public.system_settings SET value = '{"max_login_attempts": 2, "lockout_duration": 5}'::jsonb WHERE key = 'security_settings'`,
    );
    const email = `fantasma.${Date.now()}@teste.dev`;
    const client = clientFrom('192.0.2.12');
    await client.auth.signInWithPassword({ email, password: 'x-1-errada' });
    await client.auth.signInWithPassword({ email, password: 'x-2-errada' });
    const third = await client.auth.signInWithPassword({ email, password: 'x-3-errada' });
    expect(third.error?.code).toBe('over_request_rate_limit');
    const logs = await securityLogs({ email });
    expect(logs.every((row) => row.user_id === null)).toBe(true);
  });

  it('slows down one address trying many accounts after 20 wrong passwords, and only that address', async () => {
    const stuffer = clientFrom('192.0.2.13');
    for (let n = 0; n < 20; n += 1) {
      const { error } = await stuffer.auth.signInWithPassword({
        email: `lista.${n}.${Date.now()}@teste.dev`,
        password: 'vazada-123',
      });
      expect(error?.code).toBe('invalid_credentials');
    }
    const email = `alvo.${Date.now()}@teste.dev`;
    await confirmedUser(email);
    expect((await stuffer.auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('over_request_rate_limit');
    expect((await clientFrom('192.0.2.14').auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });
});

describe('blocked IPs', () => {
  it('refuses requests from a blocked address or network and logs them', async (ctx) => {
    if (!hasSecurityTables) ctx.skip();
    await stack.db.query(
      `INSERT INTO public.blocked_ips (ip_address, reason) VALUES ('203.0.113.7', 'abuso'), ('198.51.100.0/24', 'rede suspeita')`,
    );
    const email = `ip.${Date.now()}@teste.dev`;
    await confirmedUser(email);

    const blocked = await clientFrom('203.0.113.7').auth.signInWithPassword({ email, password: PASSWORD });
    expect(blocked.error?.status).toBe(403);
    expect(blocked.error?.code).toBe('ip_address_blocked');
    const signUp = await clientFrom('198.51.100.20').auth.signUp({ email: `novo.${Date.now()}@teste.dev`, password: PASSWORD });
    expect(signUp.error?.code).toBe('ip_address_blocked');

    const allowed = await clientFrom('203.0.113.8').auth.signInWithPassword({ email, password: PASSWORD });
    expect(allowed.error).toBeNull();

    const logs = await securityLogs({ ip: '203.0.113.7' });
    expect(logs).toEqual([
      expect.objectContaining({ action: 'blocked_ip_access', blocked: true, details: { path: '/token', reason: 'abuso' } }),
    ]);
    expect(await securityLogs({ ip: '198.51.100.20' })).toHaveLength(1);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async (ctx) => {
    if (!hasSecurityTables) ctx.skip();
    const direct = await startTestStack({ db: stack.db });
    try {
      const email = `xff.${Date.now()}@teste.dev`;
      await confirmedUser(email);
      await stack.db.query(`INSERT INTO public.blocked_ips (ip_address, reason) VALUES ('127.0.0.1', 'loopback bloqueado')`);
      const spoofing = createClient(direct.url, direct.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as unknown as never },
        global: { headers: { 'x-forwarded-for': '203.0.113.99' } },
      });
      const result = await spoofing.auth.signInWithPassword({ email, password: PASSWORD });
      expect(result.error?.code).toBe('ip_address_blocked');
    } finally {
      await stack.db.query(`DELETE FROM public.blocked_ips WHERE ip_address = '127.0.0.1'`);
      await direct.close();
    }
  });
});

describe('keys and tokens', () => {
  let userId = '';
  let accessToken = '';

  beforeAll(async () => {
    const email = `jwt.${Date.now()}@teste.dev`;
    userId = await confirmedUser(email);
    const { data } = await stack.client().auth.signInWithPassword({ email, password: PASSWORD });
    accessToken = data.session?.access_token ?? '';
  });

  it('demands a project API key, as the gateway does', async () => {
    const missing = await fetch(`${stack.url}/auth/v1/settings`);
    expect(missing.status).toBe(401);
    const wrong = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: 'nao-e-uma-chave', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.dev', password: 'x' }),
    });
    expect(wrong.status).toBe(401);
    const health = await fetch(`${stack.url}/auth/v1/health`);
    expect(health.status).toBe(200);
    const settings = await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.anonKey } });
    expect(await settings.json()).toMatchObject({ external: { email: true }, mailer_autoconfirm: false });
  });

  it('accepts a real access token on /user and on REST', async () => {
    const { data, error } = await stack.client().auth.getUser(accessToken);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(userId);
    const rest = await stack.client(accessToken).from('produtos').select('id');
    expect(rest.error).toBeNull();
  });

  it('refuses an expired token on /user and on REST', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await stack.mintUserToken(userId, { iat: past, exp: past + 60 });
    const user = await stack.client().auth.getUser(expired);
    expect(user.error?.code).toBe('bad_jwt');
    expect(user.error?.status).toBe(403);
    const rest = await stack.client(expired).from('produtos').select('id');
    expect(rest.error?.code).toBe('PGRST303');
    expect(rest.status).toBe(401);
  });

  it('refuses a token signed with another secret on /user and on REST', async () => {
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = await new SignJWT({ ...claims, app_metadata: { role: 'admin' } })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('outro-segredo-qualquer-com-pelo-menos-32-caracteres'));
    const user = await stack.client().auth.getUser(forged);
    expect(user.error?.code).toBe('bad_jwt');
    const rest = await stack.client(forged).from('produtos').select('id');
    expect(rest.error?.code).toBe('PGRST301');
    expect(rest.status).toBe(401);
  });

  it('refuses a validly signed token whose session does not exist', async () => {
    const orphan = await stack.mintUserToken(userId, { session_id: randomUUID() });
    const user = await stack.client().auth.getUser(orphan);
    expect(user.error?.name).toBe('AuthSessionMissingError');
    const unknown = await stack.mintUserToken(randomUUID(), {}, { signIn: false });
    const nobody = await stack.client().auth.getUser(unknown);
    expect(nobody.error?.code).toBe('user_not_found');
  });
});
