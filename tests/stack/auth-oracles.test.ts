// Nothing tells a registered address from an unknown one: /recover, /otp (with create_user false) and
// /resend answer the same status and body, and run into the same limits, for both. Sign-up keeps Supabase's
// documented answer for a confirmed address (a made-up user, no email).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

const PASSWORD = 'Senha@Forte1';

let stack: TestStack;
const clock = { now: Date.now() };
let registered = '';

beforeAll(async () => {
  stack = await startTestStack({ config: { trustedProxies: ['127.0.0.1'] }, auth: { now: () => clock.now } });
  registered = `cadastrada.${Date.now()}@teste.dev`;
  const { error } = await stack
    .serviceClient()
    .auth.admin.createUser({ email: registered, password: PASSWORD, email_confirm: true });
  if (error) throw error;
});

afterAll(async () => {
  await stack.close();
});

let serial = 0;
let ipBlocks = 0;
const unknownAddress = () => `desconhecida.${Date.now()}.${(serial += 1)}@teste.dev`;

/** Status and body of a plain request, as an attacker scripting the API sees them. */
async function answer(path: string, body: Record<string, unknown>, ip: string): Promise<string> {
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return `${response.status} ${await response.text()}`;
}

/** The same requests for the registered address and for an unknown one, each from its own address. */
async function both(
  path: string,
  body: (email: string) => Record<string, unknown>,
  times: number,
): Promise<{ registered: string[]; unknown: string[] }> {
  const unknown = unknownAddress();
  const block = (ipBlocks += 1);
  const result = { registered: [] as string[], unknown: [] as string[] };
  for (let i = 0; i < times; i += 1) {
    result.registered.push(await answer(path, body(registered), `198.51.${block}.1`));
    result.unknown.push(await answer(path, body(unknown), `198.51.${block}.2`));
  }
  return result;
}

async function mailCount(to: string): Promise<number> {
  const response = await fetch(`${stack.url}/mail/v1/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { total: number }).total;
}

describe('e-mail existence oracles', () => {
  it('/recover asked twice answers the same for a registered and an unknown address', async () => {
    clock.now += 5000;
    const { registered: real, unknown } = await both('/recover', (email) => ({ email }), 2);
    expect(real).toEqual(unknown);
    expect(real[0]).toBe('200 {}');
    expect(real[1]).toMatch(/^429 .*over_email_send_rate_limit/);
  });

  it('/otp with create_user false answers the same, and mails only the registered address', async () => {
    clock.now += 5000;
    const before = await mailCount(registered);
    const unknown = unknownAddress();
    const real = await answer('/otp', { email: registered, create_user: false }, '198.51.100.201');
    const fake = await answer('/otp', { email: unknown, create_user: false }, '198.51.100.202');
    expect(fake).toBe(real);
    expect(real).toBe('200 {}');
    expect(await mailCount(registered)).toBe(before + 1);
    expect(await mailCount(unknown)).toBe(0);
    const { data } = await stack.serviceClient().auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(data.users.some((user) => user.email === unknown)).toBe(false);

    clock.now += 5000;
    const twice = await both('/otp', (email) => ({ email, create_user: false }), 2);
    expect(twice.registered).toEqual(twice.unknown);
  });

  it('/resend answers the same for a confirmed and an unknown address', async () => {
    clock.now += 5000;
    const { registered: real, unknown } = await both('/resend', (email) => ({ type: 'signup', email }), 2);
    expect(real).toEqual(unknown);
  });

  it("sign-up keeps Supabase's answer for a confirmed address: a made-up user, and no email", async () => {
    clock.now += 5000;
    const before = await mailCount(registered);
    const { data, error } = await stack.client().auth.signUp({ email: registered, password: 'OutraSenha1!' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(await mailCount(registered)).toBe(before);
  });
});
