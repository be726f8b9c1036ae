// Signing up again with an address that has not been confirmed yet cannot take the account over: the
// confirmation is sent again and nothing else changes (password, details), so the person who signed up first
// confirms and keeps their own password; the answer does not show the first sign-up's details either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

interface MailJson {
  id: string;
  kind: string;
  text: string;
  links: string[];
}

const VICTIM_PASSWORD = 'Senha@Vitima1';
const ATTACKER_PASSWORD = 'Senha@Atacante1';

let stack: TestStack;
const clock = { now: Date.now() };

beforeAll(async () => {
  stack = await startTestStack({ auth: { now: () => clock.now } });
});

afterAll(async () => {
  await stack.close();
});

async function latestMail(to: string): Promise<MailJson> {
  const response = await fetch(`${stack.url}/mail/v1/messages/latest?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MailJson;
}

describe('a second sign-up before confirmation', () => {
  it('resends the confirmation and changes nothing: the first password and details stay', async () => {
    const email = `vitima.${Date.now()}@teste.dev`;
    const victim = await stack.client().auth.signUp({
      email,
      password: VICTIM_PASSWORD,
      options: { data: { nome: 'Vitória', nome_mercado: 'Mercadinho da Vitória', telefone: '11912345678' } },
    });
    expect(victim.error).toBeNull();
    const userId = victim.data.user?.id ?? '';
    const first = await latestMail(email);

    // Two seconds later (past the one-email-per-second limit), someone else signs up with the same address.
    clock.now += 2000;
    await stack.db.query(
      `UPDATE auth.users SET confirmation_sent_at = confirmation_sent_at - interval '2 seconds' WHERE id = $1::uuid`,
      [userId],
    );
    const attacker = await stack.client().auth.signUp({
      email,
      password: ATTACKER_PASSWORD,
      options: { data: { nome: 'Atacante', nome_mercado: 'Golpe', telefone: '11900000000' } },
    });
    expect(attacker.error).toBeNull();
    expect(attacker.data.session).toBeNull();
    expect(JSON.stringify(attacker.data.user)).not.toContain('Vitória');
    expect(JSON.stringify(attacker.data.user)).not.toContain('11912345678');

    // The confirmation went again, still in the first person's name.
    const again = await latestMail(email);
    expect(again.id).not.toBe(first.id);
    expect(again.kind).toBe('signup');
    expect(again.text).toContain('Vitória');

    const stored = await stack.serviceClient().auth.admin.getUserById(userId);
    expect(stored.data.user?.user_metadata).toMatchObject({
      nome: 'Vitória',
      nome_mercado: 'Mercadinho da Vitória',
      telefone: '11912345678',
    });

    // The newest email confirms; the first password is the one that works.
    const confirmed = await fetch(again.links[0] ?? '', { redirect: 'manual' });
    expect(new URL(confirmed.headers.get('location') ?? 'about:blank').hash).toContain('access_token=');
    const own = await stack.client().auth.signInWithPassword({ email, password: VICTIM_PASSWORD });
    expect(own.error).toBeNull();
    expect(own.data.session?.user.user_metadata.nome_mercado).toBe('Mercadinho da Vitória');
    const stolen = await stack.client().auth.signInWithPassword({ email, password: ATTACKER_PASSWORD });
    expect(stolen.error?.code).toBe('invalid_credentials');
  });
});
