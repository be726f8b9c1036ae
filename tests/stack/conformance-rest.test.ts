// The REST gateway answers postgrest-js as PostgREST does where the official suite caught it out: an upsert
// that ignores duplicates answers 201 Created even when it inserted nothing, and a count asked of a function
// returning scalars comes back in Content-Range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURE = `
CREATE TABLE cf_clientes (apelido text PRIMARY KEY, telefone text);
GRANT ALL ON cf_clientes TO anon, authenticated, service_role;
INSERT INTO cf_clientes VALUES ('dona-maria', '11911112222');
CREATE FUNCTION cf_telefone(p_apelido text) RETURNS text LANGUAGE sql STABLE
  AS $$ SELECT telefone FROM cf_clientes WHERE apelido = p_apelido $$;
CREATE FUNCTION cf_numeros() RETURNS SETOF int LANGUAGE sql STABLE AS $$ SELECT generate_series(1, 3) $$;
GRANT EXECUTE ON FUNCTION cf_telefone(text), cf_numeros() TO anon, authenticated, service_role;
`;

let stack: TestStack;
let api: SupabaseClient;

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.exec(FIXTURE);
  stack = await startTestStack({ db });
  api = stack.serviceClient();
});

afterAll(async () => {
  const db = stack.db;
  await stack.close();
  await db.close();
});

describe('upsert ignoring duplicates', () => {
  it('answers 201 with no rows when the row was already there, and leaves it as it was', async () => {
    const ignored = await api
      .from('cf_clientes')
      .upsert({ apelido: 'dona-maria', telefone: '0000' }, { onConflict: 'apelido', ignoreDuplicates: true })
      .select();
    expect(ignored.error).toBeNull();
    expect([ignored.status, ignored.statusText, ignored.data]).toEqual([201, 'Created', []]);
    const minimal = await api.from('cf_clientes').upsert({ apelido: 'dona-maria' }, { ignoreDuplicates: true });
    expect(minimal.status).toBe(201);
    const { data } = await api.from('cf_clientes').select('telefone').eq('apelido', 'dona-maria').single();
    expect(data).toEqual({ telefone: '11911112222' });
  });

  it('a merging upsert still answers 200 when it only updated', async () => {
    const merged = await api.from('cf_clientes').upsert({ apelido: 'dona-maria', telefone: '11933334444' }).select('telefone');
    expect([merged.status, merged.data]).toEqual([200, [{ telefone: '11933334444' }]]);
  });
});

describe('rpc with count', () => {
  it("counts a scalar function's single value, by POST, GET and HEAD", async () => {
    const posted = await api.rpc('cf_telefone', { p_apelido: 'dona-maria' }, { count: 'exact' });
    expect([posted.status, posted.count, typeof posted.data]).toEqual([200, 1, 'string']);
    const read = await api.rpc('cf_telefone', { p_apelido: 'dona-maria' }, { get: true, count: 'exact' });
    expect([read.status, read.count]).toEqual([200, 1]);
    const head = await api.rpc('cf_telefone', { p_apelido: 'dona-maria' }, { head: true, count: 'exact' });
    expect([head.status, head.count, head.data]).toEqual([200, 1, null]);
  });

  it('counts the rows of a function returning a set of scalars', async () => {
    const numbers = await api.rpc('cf_numeros', {}, { count: 'exact' });
    expect([numbers.count, numbers.data]).toEqual([3, [1, 2, 3]]);
  });
});
