// The mail outbox: what Auth sends is kept in the database (surviving a restart of the stack), listed on a
// Portuguese HTML page with working links, escaped, and served as JSON for tests and end-to-end specs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import type { Database } from '../../supabase/local/db/database.ts';

interface MailJson {
  id: string;
  to: string;
  from: string;
  subject: string;
  kind: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
}

let db: Database;
let stack: TestStack;
const email = `outbox.${Date.now()}@teste.dev`;

beforeAll(async () => {
  db = await createTestDatabase();
  stack = await startTestStack({ db });
  const { error } = await stack.client().auth.signUp({
    email,
    password: 'Senha@Forte1',
    options: { data: { nome: '<script>alert(1)</script> Zé', nome_mercado: 'Mercado <b>Bom</b> & Barato' } },
  });
  if (error) throw error;
});

afterAll(async () => {
  await stack.close();
  await db.close();
});

describe('JSON API', () => {
  it('lists messages for one address, newest first, and 404s on unknown ones', async () => {
    await stack.client().auth.signUp({ email: `outro.${Date.now()}@teste.dev`, password: 'Senha@Forte1' });
    const list = (await (await fetch(`${stack.url}/mail/v1/messages?to=${encodeURIComponent(email.toUpperCase())}`)).json()) as { messages: MailJson[] };
    expect(list.messages).toHaveLength(1);
    const [message] = list.messages;
    expect(message).toMatchObject({ to: email, kind: 'signup', subject: 'Confirme seu cadastro no Caderneta' });
    expect(message?.from).toContain('Caderneta');
    expect(message?.links[0]).toContain('/auth/v1/verify?token=');

    const one = await fetch(`${stack.url}/mail/v1/messages/${message?.id ?? ''}`);
    expect(((await one.json()) as MailJson).id).toBe(message?.id);
    expect((await fetch(`${stack.url}/mail/v1/messages/999999999`)).status).toBe(404);
    expect((await fetch(`${stack.url}/mail/v1/messages/latest?to=ninguem@teste.dev`)).status).toBe(404);
  });
});

describe('HTML pages', () => {
  it('lists sent messages in Portuguese with a link to each', async () => {
    const response = await fetch(`${stack.url}/mail`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('Caixa de saída do Caderneta');
    expect(page).toContain(email);
    expect(page).toMatch(/<a href="\/mail\/m\/\d+">Confirme seu cadastro no Caderneta<\/a>/);
  });

  it('shows one message with its working link and user-supplied text escaped', async () => {
    const latest = (await (await fetch(`${stack.url}/mail/v1/messages/latest?to=${encodeURIComponent(email)}`)).json()) as MailJson;
    const page = await (await fetch(`${stack.url}/mail/m/${latest.id}`)).text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('Mercado &lt;b&gt;Bom&lt;/b&gt; &amp; Barato');
    const href = /<a href="([^"]+)" style=/.exec(page)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(href).toBe(latest.links[0]);
    const followed = await fetch(href, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(new URLSearchParams(new URL(followed.headers.get('location') ?? '').hash.slice(1)).get('type')).toBe('signup');
    expect((await fetch(`${stack.url}/mail/m/123456789`)).status).toBe(404);
  });
});

describe('persistence', () => {
  it('keeps the outbox in the database across a restart of the stack', async () => {
    await stack.close();
    stack = await startTestStack({ db });
    const list = (await (await fetch(`${stack.url}/mail/v1/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: MailJson[] };
    expect(list.messages).toHaveLength(1);
  });
});
