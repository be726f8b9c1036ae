// Bad input against the REST gateway on the real schema: malformed filters and select lists, unknown names,
// wrong types, oversize bodies, bad JWTs, SQL in values and identifiers, and rule violations each get the error
// PostgREST (behind Supabase's gateway) gives — and the tables are exactly as they were afterwards.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser } from '../db/helpers.ts';

let stack: TestStack;
let userA: string;
let tokenA: string;
let a: SupabaseClient;
let before: Map<string, string>;

const WATCHED = ['produtos', 'clientes', 'vendas', 'itens_venda', 'users'] as const;

/** A fingerprint of every row of the watched tables (read as the superuser, past RLS). */
async function snapshot(): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const table of WATCHED) {
    const { rows } = await stack.db.query<{ digest: string | null; total: string }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) AS digest, count(*)::text AS total FROM public.${table} t`,
    );
    result.set(table, `${rows[0]?.total ?? '?'}:${rows[0]?.digest ?? ''}`);
  }
  return result;
}

async function expectUnchanged(): Promise<void> {
  expect(await snapshot()).toEqual(before);
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** A raw request (for what supabase-js cannot express), as the owner unless `token` says otherwise. */
async function raw(
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; token?: string | null } = {},
): Promise<Answer> {
  const token = init.token === undefined ? tokenA : init.token;
  const response = await fetch(`${stack.url}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: stack.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
}

async function sign(claims: Record<string, unknown>, secret = stack.config.jwtSecret, alg = 'HS256'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

const produto = randomUUID();

beforeAll(async () => {
  stack = await startTestStack();
  userA = await createUser(stack.db);
  tokenA = await stack.mintUserToken(userA);
  a = stack.client(tokenA);
  expect((await a.from('produtos').insert({ id: produto, nome: 'Arroz 5kg', preco: 27.9, unidade: 'un' })).error).toBeNull();
  expect((await a.from('clientes').insert({ nome: 'Maria', telefone: '11999990000' })).error).toBeNull();
});
beforeEach(async () => {
  before = await snapshot();
});
afterAll(async () => {
  await stack.close();
});

describe('malformed query strings: 400 PGRST100', () => {
  it.each([
    ['unknown operator', 'produtos?select=id&nome=eqx.Arroz'],
    ['no operator', 'produtos?select=id&nome=Arroz'],
    ['unclosed in list', 'produtos?select=id&nome=in.(Arroz,Feij%C3%A3o'],
    ['unclosed or', 'produtos?select=id&or=(nome.eq.Arroz,preco.gt.1'],
    ['or without parentheses', 'produtos?select=id&or=nome.eq.Arroz'],
    ['condition without value inside or', 'produtos?select=id&or=(nome.eq)'],
    ['bad is value', 'produtos?select=id&nome=is.maybe'],
    ['bad order direction', 'produtos?select=id&order=nome.sideways'],
    ['non-numeric limit', 'produtos?select=id&limit=dez'],
    ['unclosed embed', 'produtos?select=id,nome('],
    ['empty select item', 'produtos?select=id,,nome'],
    ['dangling alias', 'produtos?select=:nome'],
    ['unclosed quote', 'produtos?select=%22nome'],
  ])('%s', async (_label, path) => {
    const answer = await raw(path);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'PGRST100' });
    expect(answer.body).toHaveProperty('message');
    expect(answer.body).toHaveProperty('details');
    expect(answer.body).toHaveProperty('hint');
    await expectUnchanged();
  });

  it('a malformed filter on a PATCH or DELETE changes nothing', async () => {
    expect(
      (await raw('produtos?id=eqq.' + produto, { method: 'PATCH', body: JSON.stringify({ nome: 'Trocado' }) })).body,
    ).toMatchObject({ code: 'PGRST100' });
    expect((await raw('produtos?or=(id.eq.' + produto, { method: 'DELETE' })).body).toMatchObject({ code: 'PGRST100' });
    const viaClient = await a.from('produtos').update({ nome: 'Trocado' }).filter('id', 'equals', produto);
    expect(viaClient.status).toBe(400);
    expect(viaClient.error?.code).toBe('PGRST100');
    await expectUnchanged();
  });
});

describe('unknown names', () => {
  it('an unknown column in select, filter or order is 400 42703', async () => {
    for (const query of [
      a.from('produtos').select('id, preco_venda'),
      a.from('produtos').select('id').eq('preco_venda', 1),
      a.from('produtos').select('id').order('preco_venda'),
    ]) {
      const { error, status } = await query;
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '42703', message: 'column produtos.preco_venda does not exist' });
    }
    await expectUnchanged();
  });

  it('an unknown column in a body is 400 PGRST204, and the whole batch is refused', async () => {
    const { error, status } = await a.from('produtos').insert([
      { nome: 'Feijão', preco: 9, unidade: 'un' },
      { nome: 'Óleo', preco: 8, unidade: 'un', preco_venda: 9 },
    ]);
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'preco_venda' column of 'produtos' in the schema cache",
    });
    const patch = await a.from('produtos').update({ preco_venda: 1 }).eq('id', produto);
    expect(patch.error?.code).toBe('PGRST204');
    await expectUnchanged();
  });

  it('an unknown table is 404 PGRST205 (PostgREST 13) with a hint; an unknown function is 404 PGRST202', async () => {
    const table = await a.from('produto').select('*');
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.produto' in the schema cache",
      hint: "Perhaps you meant the table 'public.produtos'",
    });
    const fn = await a.rpc('count_user');
    expect(fn.status).toBe(404);
    expect(fn.error?.code).toBe('PGRST202');
    const args = await a.rpc('get_expense_summary', { p_usuario: userA });
    expect(args.status).toBe(404);
    expect(args.error?.code).toBe('PGRST202');
  });

  it('an unknown embed is 400 PGRST200; a schema not exposed is 406 PGRST106', async () => {
    expect((await a.from('produtos').select('id, categorias(nome)')).error?.code).toBe('PGRST200');
    const hidden = await a.schema('auth').from('users').select('*');
    expect(hidden.status).toBe(406);
    expect(hidden.error?.code).toBe('PGRST106');
  });
});

describe('wrong types: 400 22P02 / 22007, nothing written', () => {
  it('in filters', async () => {
    const numeric = await a.from('produtos').select('id').eq('preco', 'barato');
    expect(numeric.status).toBe(400);
    expect(numeric.error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type numeric: "barato"' });
    const uuid = await a.from('produtos').select('id').eq('id', '42');
    expect(uuid.error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "42"' });
    const date = await a.from('vendas').select('id').gte('data', '31/12/2025');
    expect(date.status).toBe(400);
    expect(date.error?.code).toMatch(/^22(008|007)$/);
  });

  it('in bodies, atomically: a bad row refuses the batch', async () => {
    const batch = await a.from('produtos').insert([
      { nome: 'Feijão', preco: 9, unidade: 'un' },
      { nome: 'Óleo', preco: 'oito', unidade: 'un' },
    ]);
    expect(batch.status).toBe(400);
    expect(batch.error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type numeric: "oito"' });
    const flag = await a.from('clientes').update({ is_fiado: 'talvez' }).eq('nome', 'Maria');
    expect(flag.error?.code).toBe('22P02');
    const json = await raw('produtos', { method: 'POST', body: '{"nome": "Feijão", ' });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    const rpcArg = await a.rpc('get_expense_summary', { p_user_id: userA, p_data_de: 'ontem' });
    expect(rpcArg.status).toBe(400);
    expect(rpcArg.error?.code).toMatch(/^22(008|007)$/);
    await expectUnchanged();
  });
});

describe('oversize bodies: 413 like the platform gateway', () => {
  it('refuses a body over 10 MB before it reaches the database', async () => {
    const rows = Array.from({ length: 11 }, (_, index) => ({
      nome: `Produto ${index}`,
      preco: 1,
      unidade: 'un',
      descricao: 'x'.repeat(1024 * 1024),
    }));
    const { error, status } = await a.from('produtos').insert(rows);
    expect(status).toBe(413);
    expect(error?.message).toBe('Request size limit exceeded');
    const rpc = await a.rpc('get_expense_summary', { p_user_id: userA, p_descricao: 'x'.repeat(11 * 1024 * 1024) });
    expect(rpc.status).toBe(413);
    await expectUnchanged();
  });

  it('a body just under the limit is read (and then refused by the table’s own rules)', async () => {
    const { error, status } = await a
      .from('produtos')
      .insert({ nome: 'Grande', preco: 1, unidade: 'un', descricao: 'x'.repeat(9 * 1024 * 1024) });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
    await expectUnchanged();
  });
});

describe('bad JWTs: 401 with WWW-Authenticate, nothing written', () => {
  const write = (token: string) =>
    raw(`produtos?id=eq.${produto}`, { method: 'PATCH', body: JSON.stringify({ nome: 'Invadido' }), token });

  it('expired: PGRST303 "JWT expired"', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await stack.mintUserToken(userA, { iat: now - 7200, exp: now - 3600 });
    const answer = await write(expired);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const viaClient = await stack.client(expired).from('produtos').select('id');
    expect(viaClient.status).toBe(401);
    expect(viaClient.error?.code).toBe('PGRST303');
    await expectUnchanged();
  });

  it('a token accepted before is refused once it expires (verified tokens are cached, their expiry is not)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await stack.mintUserToken(userA, { iat: now, exp: now + 60 });
    const client = stack.client(shortLived);
    expect((await client.from('produtos').select('id')).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((now + 60) * 1000);
      const late = await client.from('produtos').update({ nome: 'Tarde demais' }).eq('id', produto);
      expect(late.status).toBe(401);
      expect(late.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    } finally {
      vi.useRealTimers();
    }
    await expectUnchanged();
  });

  it('forged: another secret, alg none, a tampered payload, garbage — PGRST301', async () => {
    const claims = { sub: userA, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 };
    const otherSecret = await sign(claims, 'super-secret-jwt-token-with-at-least-32-characters-long-but-wrong');
    const [header, , signature] = tokenA.split('.');
    const tampered = `${header ?? ''}.${Buffer.from(JSON.stringify({ ...claims, app_metadata: { role: 'admin' } })).toString('base64url')}.${signature ?? ''}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    for (const token of [otherSecret, tampered, none, 'isto-nao-e-um-jwt']) {
      const answer = await write(token);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'PGRST301' });
    }
    await expectUnchanged();
  });

  it('a validly signed token may not claim a database role Supabase does not hand out', async () => {
    const superuser = await sign({ sub: userA, role: 'postgres', exp: Math.floor(Date.now() / 1000) + 3600 });
    const answer = await write(superuser);
    expect(answer.status).toBe(401);
    await expectUnchanged();
  });
});

describe('SQL in values and identifiers', () => {
  const attacks = ["'; DROP TABLE public.produtos; --", "Arroz' OR '1'='1", 'Arroz") OR true --', "%' OR 1=1 --"];

  it('values stay literals: filters match nothing, inserts store the text as is', async () => {
    for (const attack of attacks) {
      expect((await a.from('produtos').select('id').eq('nome', attack)).data).toEqual([]);
      expect((await a.from('produtos').select('id').ilike('nome', attack)).data).toEqual([]);
      const inList = await a.from('produtos').select('id').in('nome', [attack, 'x']);
      // postgrest-js quotes list items without escaping `"`, so PostgREST cannot parse that list either.
      expect(attack.includes('"') ? inList.error?.code : inList.data).toEqual(attack.includes('"') ? 'PGRST100' : []);
      expect(
        (
          await a
            .from('produtos')
            .select('id')
            .or(`nome.eq."${attack.replaceAll('"', '\\"')}",codigo_barras.eq.1`)
        ).data,
      ).toEqual([]);
    }
    const stored = await a
      .from('clientes')
      .insert({ nome: attacks[0], observacoes: attacks[1] })
      .select('nome, observacoes')
      .single();
    expect(stored.data).toEqual({ nome: attacks[0], observacoes: attacks[1] });
    const { rows } = await stack.db.query(`SELECT count(*)::int AS n FROM public.produtos`);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('identifiers are checked against the catalogue: refused, never run', async () => {
    const attempts: Promise<Answer>[] = [
      raw('produtos?select=id,nome;drop%20table%20produtos'),
      raw('produtos?select=id&order=nome;drop%20table%20produtos'),
      raw('produtos?select=id&%22nome%22%22%20or%20true%20--=eq.x'),
      raw('produtos?select=id,%22nome%22%22%20from%20produtos;--%22'),
      raw('produtos?select=id::text);drop%20table%20produtos;--'),
      raw('produtos;drop%20table%20produtos?select=id'),
      raw('produtos?on_conflict=id)%20do%20nothing;--', {
        method: 'POST',
        body: '{"nome":"X","preco":1}',
        headers: { prefer: 'resolution=merge-duplicates' },
      }),
      raw('produtos?columns=nome,preco)%20values%20(1,1);--', { method: 'POST', body: '{"nome":"X","preco":1}' }),
      raw('rpc/is_admin();drop%20table%20produtos;--', { method: 'POST', body: '{}' }),
      raw('produtos', { method: 'POST', body: JSON.stringify({ "nome\") values ('x'); drop table produtos; --": 'x' }) }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect([400, 404]).toContain(answer.status);
      expect(answer.body.code).toMatch(/^(PGRST1\d\d|PGRST20[2-5]|42703)$/);
    }
    await expectUnchanged();
    const { rows } = await stack.db.query(`SELECT to_regclass('public.produtos') IS NOT NULL AS present`);
    expect(rows).toEqual([{ present: true }]);
  });
});

describe('the schema’s own rules: 23514 with a Portuguese message, nothing written', () => {
  it('a CHECK constraint (named in Portuguese)', async () => {
    const { error, status } = await a.from('produtos').insert({ nome: 'Café', preco: -1, unidade: 'un' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
    expect(error?.message).toContain('produtos_preco_nao_negativo');
    const phone = await a.from('clientes').update({ telefone: '(11) 9999-0000' }).eq('nome', 'Maria');
    expect(phone.error?.code).toBe('23514');
    expect(phone.error?.message).toContain('clientes_telefone_ate_11_digitos');
    await expectUnchanged();
  });

  it('a sale without items', async () => {
    const { error, status } = await a.from('vendas').insert({ total: 10, tipo: 'avista', forma_pagamento: 'pix' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', message: 'Adicione pelo menos um item à venda.' });
    const item = {
      produto_id: produto,
      quantidade: 0,
      preco_unitario: 1,
      preco_total: 0,
      nome_produto: 'Arroz',
      unidade_produto: 'un',
    };
    const zero = await a.from('vendas').insert({ total: 0, itens: [item] });
    expect(zero.error).toMatchObject({ code: '23514', message: 'Item da venda inválido: a quantidade deve ser maior que zero.' });
    await expectUnchanged();
  });

  it('the free plan’s product cap', async () => {
    const rows = Array.from({ length: 49 }, (_, index) => ({ nome: `Produto ${index}`, preco: 1, unidade: 'un' }));
    expect((await a.from('produtos').insert(rows)).error).toBeNull();
    before = await snapshot();
    const { error, status } = await a.from('produtos').insert({ nome: 'O 51º', preco: 1, unidade: 'un' });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: '23514',
      message: 'Limite de 50 produtos do Plano Gratuito atingido',
      details: 'Assine o Plano Premium para cadastrar produtos sem limite.',
    });
    await expectUnchanged();
  });
});
