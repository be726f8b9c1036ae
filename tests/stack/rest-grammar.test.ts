// The REST gateway's grammar with the official client on a fixture schema: selects, embeds, every filter
// operator, logic trees, ordering, paging and counts, writes and their Prefer options, and each kind of rpc.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURE = `
CREATE TABLE fx_grupos (id serial PRIMARY KEY, nome text NOT NULL UNIQUE, cor text DEFAULT '#808080');
CREATE TABLE fx_itens (
  id serial PRIMARY KEY,
  nome text NOT NULL,
  preco numeric(12,2),
  qtd int DEFAULT 7,
  nota text DEFAULT 'padrão',
  ativo boolean DEFAULT true,
  tags text[],
  dados jsonb,
  faixa int4range,
  criado timestamptz DEFAULT '2024-05-01T10:11:12.123456+00:00',
  grupo_id int REFERENCES fx_grupos(id),
  pai_id int REFERENCES fx_itens(id)
);
CREATE TABLE fx_detalhes (id serial PRIMARY KEY, item_id int UNIQUE REFERENCES fx_itens(id), texto text);
CREATE TABLE fx_ligacoes (id serial PRIMARY KEY, de_id int REFERENCES fx_grupos(id), para_id int REFERENCES fx_grupos(id));
GRANT ALL ON fx_grupos, fx_itens, fx_detalhes, fx_ligacoes TO anon, authenticated, service_role;
GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO anon, authenticated, service_role;
CREATE FUNCTION fx_soma(a int, b int DEFAULT 10) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT a + b $$;
CREATE FUNCTION fx_resumo(p_min numeric) RETURNS json LANGUAGE sql STABLE AS
  $$ SELECT json_build_object('total', coalesce(sum(preco), 0), 'itens', count(*)) FROM fx_itens WHERE preco >= p_min $$;
CREATE FUNCTION fx_caros(p_min numeric) RETURNS SETOF fx_itens LANGUAGE sql STABLE AS $$ SELECT * FROM fx_itens WHERE preco >= p_min $$;
CREATE FUNCTION fx_um(p_id int) RETURNS fx_itens LANGUAGE sql STABLE AS $$ SELECT * FROM fx_itens WHERE id = p_id $$;
CREATE FUNCTION fx_contagem() RETURNS TABLE(count bigint) LANGUAGE sql STABLE AS $$ SELECT count(*) FROM fx_itens $$;
CREATE FUNCTION fx_nomes() RETURNS SETOF text LANGUAGE sql STABLE AS $$ SELECT nome FROM fx_itens ORDER BY id $$;
CREATE FUNCTION fx_nada() RETURNS void LANGUAGE sql AS $$ SELECT $$;
CREATE FUNCTION fx_marcar(p_id int) RETURNS void LANGUAGE sql AS $$ UPDATE fx_itens SET nota = 'marcado' WHERE id = p_id $$;
CREATE FUNCTION fx_eco(jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$ SELECT $1 $$;
CREATE FUNCTION fx_falha() RETURNS void LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'falhou de propósito'; END $$;
CREATE FUNCTION fx_teapot() RETURNS void LANGUAGE plpgsql AS $$ BEGIN RAISE SQLSTATE 'PT418' USING MESSAGE = 'chá'; END $$;
INSERT INTO fx_grupos (nome, cor) VALUES ('bebidas', '#0000ff'), ('limpeza', '#00ff00'), ('vazio', NULL);
INSERT INTO fx_itens (nome, preco, qtd, tags, dados, faixa, grupo_id, pai_id, criado) VALUES
  ('água', 2.50, 10, '{gelada,mineral}', '{"origem": {"uf": "MG"}, "lote": 1}', '[1,5)', 1, NULL, '2024-05-01T10:11:12.123456+00:00'),
  ('suco de uva', 8.90, 0, '{gelada}', '{"origem": {"uf": "RS"}, "lote": 2}', '[4,9)', 1, 1, '2024-05-02T00:00:00+00:00'),
  ('sabão', 5.00, 3, '{}', NULL, NULL, 2, 1, '2024-05-03T00:00:00+00:00'),
  ('vassoura (grande)', NULL, NULL, NULL, '{"origem": null}', NULL, NULL, NULL, '2024-05-04T00:00:00+00:00');
INSERT INTO fx_detalhes (item_id, texto) VALUES (1, 'sem gás');
`;

interface MaxAffected {
  maxAffected(rows: number): PromiseLike<{ error: { code: string } | null }>;
}

let stack: TestStack;
let api: SupabaseClient;

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.exec(FIXTURE);
  stack = await startTestStack({ db });
  api = stack.serviceClient();
});

afterAll(async () => {
  await stack.close();
  await stack.db.close();
});

const names = (rows: unknown): string[] => (rows as { nome: string }[]).map((row) => row.nome);

describe('select', () => {
  it('renders values exactly as Postgres does', async () => {
    const { data, error } = await api.from('fx_itens').select('*').eq('id', 1).single<Record<string, unknown>>();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: 1,
      preco: 2.5,
      tags: ['gelada', 'mineral'],
      dados: { origem: { uf: 'MG' }, lote: 1 },
      faixa: '[1,5)',
      criado: '2024-05-01T10:11:12.123456+00:00',
    });
  });

  it('aliases, casts and JSON paths', async () => {
    const { data } = await api.from('fx_itens').select('produto:nome, qtd::text, uf:dados->origem->>uf, dados->lote').eq('id', 1);
    expect(data).toEqual([{ produto: 'água', qtd: '10', uf: 'MG', lote: 1 }]);
  });

  it('embeds many-to-one as an object and one-to-many as an array', async () => {
    const many = await api.from('fx_itens').select('nome, fx_grupos(nome, cor)').order('id').limit(2);
    expect(many.data).toEqual([
      { nome: 'água', fx_grupos: { nome: 'bebidas', cor: '#0000ff' } },
      { nome: 'suco de uva', fx_grupos: { nome: 'bebidas', cor: '#0000ff' } },
    ]);
    const toMany = await api.from('fx_grupos').select('nome, fx_itens(nome)').order('id');
    expect(toMany.data).toEqual([
      { nome: 'bebidas', fx_itens: [{ nome: 'água' }, { nome: 'suco de uva' }] },
      { nome: 'limpeza', fx_itens: [{ nome: 'sabão' }] },
      { nome: 'vazio', fx_itens: [] },
    ]);
  });

  it('embeds one-to-one as an object, by column name, with hints, aliases and spreads', async () => {
    const oneToOne = await api.from('fx_itens').select('nome, fx_detalhes(texto)').order('id').limit(2);
    expect(oneToOne.data).toEqual([
      { nome: 'água', fx_detalhes: { texto: 'sem gás' } },
      { nome: 'suco de uva', fx_detalhes: null },
    ]);
    const byColumn = await api.from('fx_itens').select('nome, pai:pai_id(nome)').eq('id', 2).single();
    expect(byColumn.data).toEqual({ nome: 'suco de uva', pai: { nome: 'água' } });
    const hinted = await api.from('fx_ligacoes').select('id, de:fx_grupos!fx_ligacoes_de_id_fkey(nome)');
    expect(hinted.error).toBeNull();
    const spread = await api.from('fx_itens').select('nome, ...fx_grupos(grupo:nome)').eq('id', 3);
    expect(spread.data).toEqual([{ nome: 'sabão', grupo: 'limpeza' }]);
  });

  it('filters, orders and pages inside embeds, and !inner filters the parents', async () => {
    const filtered = await api.from('fx_grupos').select('nome, fx_itens(nome)').eq('fx_itens.nome', 'água').eq('id', 1);
    expect(filtered.data).toEqual([{ nome: 'bebidas', fx_itens: [{ nome: 'água' }] }]);
    const paged = await api
      .from('fx_grupos')
      .select('nome, itens:fx_itens(nome)')
      .eq('id', 1)
      .order('id', { referencedTable: 'itens', ascending: false })
      .limit(1, { referencedTable: 'itens' });
    expect(paged.data).toEqual([{ nome: 'bebidas', itens: [{ nome: 'suco de uva' }] }]);
    const inner = await api.from('fx_itens').select('nome, fx_grupos!inner(nome)').eq('fx_grupos.nome', 'limpeza');
    expect(names(inner.data)).toEqual(['sabão']);
    const withoutGroup = await api.from('fx_itens').select('nome, fx_grupos(nome)').is('fx_grupos', null);
    expect(names(withoutGroup.data)).toEqual(['vassoura (grande)']);
    const byEmbedded = await api.from('fx_itens').select('nome, fx_grupos(nome)').not('grupo_id', 'is', null).order('fx_grupos(nome)', { ascending: false }).order('id');
    expect(names(byEmbedded.data)).toEqual(['sabão', 'água', 'suco de uva']);
  });

  it('refuses aggregate functions, off by default as in PostgREST', async () => {
    const sum = await api.from('fx_itens').select('preco.sum()');
    expect([sum.status, sum.error?.code, sum.error?.message]).toEqual([400, 'PGRST123', 'Use of aggregate functions is not allowed']);
    const count = await api.from('fx_itens').select('count()');
    expect(count.error?.code).toBe('PGRST123');
  });

  it('reports ambiguous and unknown relationships', async () => {
    const ambiguous = await api.from('fx_ligacoes').select('id, fx_grupos(nome)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    const unknown = await api.from('fx_itens').select('nome, fx_nada(id)');
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('PGRST200');
    const notSelected = await api.from('fx_itens').select('nome').eq('fx_grupos.nome', 'x');
    expect(notSelected.error?.code).toBe('PGRST108');
  });
});

describe('filters', () => {
  type FilterQuery = ReturnType<ReturnType<SupabaseClient['from']>['select']>;
  const cases: [string, (q: FilterQuery) => unknown, string[]][] = [
    ['eq', (q) => q.eq('nome', 'sabão'), ['sabão']],
    ['neq', (q) => q.neq('grupo_id', 1), ['sabão']],
    ['gt / lt', (q) => q.gt('preco', 2.5).lt('preco', 9), ['suco de uva', 'sabão']],
    ['gte / lte', (q) => q.gte('preco', 2.5).lte('preco', 5), ['água', 'sabão']],
    ['like with *', (q) => q.like('nome', '*uva'), ['suco de uva']],
    ['ilike', (q) => q.ilike('nome', '%ÁGUA%'), ['água']],
    ['match / imatch', (q) => q.filter('nome', 'imatch', '^S').filter('nome', 'match', 'o'), ['suco de uva', 'sabão']],
    ['is null', (q) => q.is('preco', null), ['vassoura (grande)']],
    ['is true', (q) => q.is('ativo', true).lt('id', 3), ['água', 'suco de uva']],
    ['in with quoted items', (q) => q.in('nome', ['sabão', 'vassoura (grande)', 'x,y']), ['sabão', 'vassoura (grande)']],
    ['not in', (q) => q.not('nome', 'in', '(sabão,água)').not('preco', 'is', null), ['suco de uva']],
    ['cs / cd on arrays', (q) => q.contains('tags', ['gelada']).containedBy('tags', ['gelada', 'mineral']), ['água', 'suco de uva']],
    ['ov on arrays', (q) => q.overlaps('tags', ['mineral', 'nada']), ['água']],
    ['cs on jsonb', (q) => q.contains('dados', { origem: { uf: 'RS' } }), ['suco de uva']],
    ['range operators', (q) => q.rangeGt('faixa', '[0,2)'), ['suco de uva']],
    ['JSON path filter', (q) => q.eq('dados->origem->>uf', 'MG'), ['água']],
    ['full-text search', (q) => q.textSearch('nome', 'uva', { config: 'simple' }), ['suco de uva']],
    ['websearch', (q) => q.textSearch('nome', 'suco -água', { type: 'websearch', config: 'simple' }), ['suco de uva']],
    ['likeAnyOf', (q) => q.likeAnyOf('nome', ['s%', 'v%']), ['suco de uva', 'sabão', 'vassoura (grande)']],
    ['isdistinct', (q) => q.filter('grupo_id', 'isdistinct', '1'), ['sabão', 'vassoura (grande)']],
    ['or with nested and', (q) => q.or('preco.gt.8,and(qtd.eq.3,nome.eq.sabão)'), ['suco de uva', 'sabão']],
    ['or with not and quoted values', (q) => q.or('nome.eq."vassoura (grande)",not.and(preco.lt.100,qtd.gt.-1)'), ['vassoura (grande)']],
    ['or with timestamps', (q) => q.or('criado.gt.2024-05-02T00:00:00+00:00,and(criado.eq.2024-05-01T10:11:12.123456+00:00,id.gt.0)'), ['água', 'sabão', 'vassoura (grande)']],
    ['or with in', (q) => q.or('id.in.(1,3),nome.is.null'), ['água', 'sabão']],
    ['match several', (q) => q.match({ grupo_id: 1, qtd: 0 }), ['suco de uva']],
  ];
  it.each(cases)('%s', async (_name, apply, expected) => {
    const query = api.from('fx_itens').select('nome') as unknown as FilterQuery;
    const { data, error } = await (apply(query) as FilterQuery).order('id');
    expect(error).toBeNull();
    expect(names(data)).toEqual(expected);
  });
});

describe('order, paging and counts', () => {
  it('orders with nulls first or last on several columns', async () => {
    const first = await api.from('fx_itens').select('nome').order('preco', { ascending: false, nullsFirst: true }).order('id');
    expect(names(first.data)).toEqual(['vassoura (grande)', 'suco de uva', 'sabão', 'água']);
    const last = await api.from('fx_itens').select('nome').order('grupo_id', { ascending: false, nullsFirst: false }).order('id', { ascending: false });
    expect(names(last.data)).toEqual(['sabão', 'suco de uva', 'água', 'vassoura (grande)']);
  });

  it('pages with range and counts with Content-Range (206 for a part)', async () => {
    const page = await api.from('fx_itens').select('nome', { count: 'exact' }).order('id').range(1, 2);
    expect(page.status).toBe(206);
    expect(page.count).toBe(4);
    expect(names(page.data)).toEqual(['suco de uva', 'sabão']);
    const all = await api.from('fx_itens').select('nome', { count: 'exact' });
    expect(all.status).toBe(200);
    expect(all.count).toBe(4);
    for (const count of ['planned', 'estimated'] as const) {
      const other = await api.from('fx_itens').select('nome', { count }).limit(1);
      expect(other.count).toBeGreaterThanOrEqual(1);
    }
    const head = await api.from('fx_itens').select('*', { count: 'exact', head: true }).gt('qtd', 0);
    expect(head.data).toBeNull();
    expect(head.count).toBe(2);
    const none = await fetch(`${stack.url}/rest/v1/fx_itens?id=eq.999`, { headers: { apikey: stack.anonKey, Prefer: 'count=exact' } });
    expect(none.headers.get('content-range')).toBe('*/0');
    const beyond = await api.from('fx_itens').select('nome', { count: 'exact' }).range(10, 12);
    expect(beyond.status).toBe(416);
    expect(beyond.error?.code).toBe('PGRST103');
  });

  it('honours the Range header', async () => {
    const response = await fetch(`${stack.url}/rest/v1/fx_itens?select=nome&order=id`, {
      headers: { apikey: stack.serviceRoleKey, Range: '1-2', 'Range-Unit': 'items', Prefer: 'count=exact' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('1-2/4');
    expect(names(await response.json())).toEqual(['suco de uva', 'sabão']);
  });

  it('single and maybeSingle', async () => {
    const single = await api.from('fx_itens').select('nome').eq('id', 1).single();
    expect(single.data).toEqual({ nome: 'água' });
    const many = await api.from('fx_itens').select('nome').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 4 rows' });
    const none = await api.from('fx_itens').select('nome').eq('id', 999).single();
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const maybe = await api.from('fx_itens').select('nome').eq('id', 999).maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
  });

  it('strips nulls on request', async () => {
    const { data } = await api.from('fx_itens').select('nome, preco').eq('id', 4).stripNulls();
    expect(data).toEqual([{ nome: 'vassoura (grande)' }]);
  });
});

describe('writes', () => {
  it('inserts one row with defaults and returns nothing by default (201)', async () => {
    const result = await api.from('fx_grupos').insert({ nome: 'padaria' });
    expect(result).toMatchObject({ status: 201, data: null, error: null });
    const { data } = await api.from('fx_grupos').select('cor').eq('nome', 'padaria').single();
    expect(data).toEqual({ cor: '#808080' });
  });

  it('bulk-inserts with columns=, NULL for missing keys unless missing=default', async () => {
    const nulls = await api.from('fx_itens').insert([{ nome: 'b1', qtd: 1 }, { nome: 'b2' }]).select('nome, qtd, nota');
    expect(nulls.data).toEqual([
      { nome: 'b1', qtd: 1, nota: 'padrão' },
      { nome: 'b2', qtd: null, nota: 'padrão' },
    ]);
    const defaults = await api.from('fx_itens').insert([{ nome: 'b3', qtd: 1 }, { nome: 'b4' }], { defaultToNull: false }).select('nome, qtd');
    expect(defaults.data).toEqual([
      { nome: 'b3', qtd: 1 },
      { nome: 'b4', qtd: 7 },
    ]);
    const embedded = await api.from('fx_itens').insert({ nome: 'b5', grupo_id: 2 }).select('nome, fx_grupos(nome)').single();
    expect(embedded.data).toEqual({ nome: 'b5', fx_grupos: { nome: 'limpeza' } });
  });

  it('upserts by primary key or on_conflict, merging or ignoring duplicates', async () => {
    const merged = await api.from('fx_grupos').upsert({ id: 2, nome: 'limpeza', cor: '#111111' }).select('id, cor');
    expect(merged.data).toEqual([{ id: 2, cor: '#111111' }]);
    const byName = await api.from('fx_grupos').upsert({ nome: 'limpeza', cor: '#222222' }, { onConflict: 'nome' }).select('id, cor');
    expect(byName.data).toEqual([{ id: 2, cor: '#222222' }]);
    const ignored = await api.from('fx_grupos').upsert({ id: 2, nome: 'limpeza', cor: '#333333' }, { ignoreDuplicates: true }).select();
    expect(ignored.data).toEqual([]);
    const { data } = await api.from('fx_grupos').select('cor').eq('id', 2).single();
    expect(data).toEqual({ cor: '#222222' });
  });

  it('updates and deletes with filters, 204 when minimal and 200 with representation', async () => {
    const minimal = await api.from('fx_itens').update({ nota: 'x' }).in('nome', ['b1', 'b2']);
    expect(minimal.status).toBe(204);
    const updated = await api.from('fx_itens').update({ nota: 'y' }).in('nome', ['b1', 'b2']).select('nome, nota').order('nome');
    expect(updated).toMatchObject({ status: 200, data: [{ nome: 'b1', nota: 'y' }, { nome: 'b2', nota: 'y' }] });
    const counted = await api.from('fx_itens').delete({ count: 'exact' }).in('nome', ['b1', 'b2']);
    expect(counted).toMatchObject({ status: 204, count: 2 });
    const deleted = await api.from('fx_itens').delete().eq('nome', 'b3').select('nome').single();
    expect(deleted.data).toEqual({ nome: 'b3' });
  });

  it('refuses updates and deletes without filters (safeupdate) and keeps the rows', async () => {
    const update = await api.from('fx_itens').update({ nota: 'tudo' });
    expect(update.status).toBe(400);
    expect(update.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    const remove = await api.from('fx_itens').delete();
    expect(remove.error?.code).toBe('21000');
    const { count } = await api.from('fx_itens').select('*', { count: 'exact', head: true }).eq('nota', 'tudo');
    expect(count).toBe(0);
  });

  it('undoes a write whose singular result is not one row', async () => {
    const result = await api.from('fx_itens').update({ nota: 'z' }).in('nome', ['b4', 'b5']).select().single();
    expect(result.status).toBe(406);
    const { data } = await api.from('fx_itens').select('nome').eq('nota', 'z');
    expect(data).toEqual([]);
  });

  it('Prefer tx=rollback, max-affected and headers-only', async () => {
    const rolled = await api.from('fx_itens').delete().eq('nome', 'b4').select('nome').rollback();
    expect(rolled.data).toEqual([{ nome: 'b4' }]);
    expect((await api.from('fx_itens').select('nome').eq('nome', 'b4')).data).toEqual([{ nome: 'b4' }]);
    // supabase-js types maxAffected for PostgREST 13+ only; the stack speaks that version.
    const limited = await (api.from('fx_itens').update({ nota: 'w' }).gt('id', 0) as unknown as MaxAffected).maxAffected(1);
    expect(limited.error?.code).toBe('PGRST124');
    const response = await fetch(`${stack.url}/rest/v1/fx_grupos`, {
      method: 'POST',
      headers: { apikey: stack.serviceRoleKey, 'content-type': 'application/json', Prefer: 'return=headers-only' },
      body: JSON.stringify({ nome: 'hortifruti' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toMatch(/^\/fx_grupos\?id=eq\.\d+$/);
  });

  it('maps constraint errors to PostgREST statuses', async () => {
    const duplicate = await api.from('fx_grupos').insert({ id: 1, nome: 'outra' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505', details: 'Key (id)=(1) already exists.' });
    const foreign = await api.from('fx_itens').insert({ nome: 'órfão', grupo_id: 999 });
    expect(foreign).toMatchObject({ status: 409, error: { code: '23503' } });
    const notNull = await api.from('fx_itens').insert({ preco: 1 });
    expect(notNull).toMatchObject({ status: 400, error: { code: '23502' } });
    const unknown = await api.from('fx_itens').insert({ nome: 'x', nada: 1 });
    expect(unknown).toMatchObject({ status: 400, error: { code: 'PGRST204' } });
  });
});

describe('rpc', () => {
  it('scalar, json, set, single composite, table and void results', async () => {
    expect((await api.rpc('fx_soma', { a: 1, b: 2 })).data).toBe(3);
    expect((await api.rpc('fx_soma', { a: 1 })).data).toBe(11);
    expect((await api.rpc('fx_soma', { a: 5 }, { get: true })).data).toBe(15);
    expect((await api.rpc('fx_resumo', { p_min: 5 })).data).toEqual({ total: 13.9, itens: 2 });
    const set = await api.rpc('fx_caros', { p_min: 5 }).select('nome, fx_grupos(nome)').order('nome');
    expect(set.data).toEqual([
      { nome: 'sabão', fx_grupos: { nome: 'limpeza' } },
      { nome: 'suco de uva', fx_grupos: { nome: 'bebidas' } },
    ]);
    const filtered = await api.rpc('fx_caros', { p_min: 0 }, { get: true }).eq('grupo_id', 2).select('nome');
    expect(filtered.data).toEqual([{ nome: 'sabão' }]);
    expect((await api.rpc('fx_um', { p_id: 1 }).select('nome')).data).toEqual({ nome: 'água' });
    const table = await api.rpc('fx_contagem');
    expect(table.data).toEqual([{ count: expect.any(Number) as unknown }]);
    expect((await api.rpc('fx_nomes')).data).toEqual(expect.arrayContaining(['água', 'sabão']));
    expect(await api.rpc('fx_nada')).toMatchObject({ data: null, error: null, status: 204 });
    expect((await api.rpc('fx_eco', { a: [1, 2] })).data).toEqual({ a: [1, 2] });
  });

  it('volatile functions write over POST and cannot over GET', async () => {
    expect((await api.rpc('fx_marcar', { p_id: 3 })).error).toBeNull();
    const { data } = await api.from('fx_itens').select('nota').eq('id', 3).single();
    expect(data).toEqual({ nota: 'marcado' });
    const viaGet = await api.rpc('fx_marcar', { p_id: 4 }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe('25006');
  });

  it('errors: unknown function or arguments, raise, custom status', async () => {
    const unknown = await api.rpc('fx_inexistente');
    expect(unknown).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
    const wrongArgs = await api.rpc('fx_soma', { x: 1 });
    expect(wrongArgs.error?.code).toBe('PGRST202');
    const raised = await api.rpc('fx_falha');
    expect(raised).toMatchObject({ status: 400, error: { code: 'P0001', message: 'falhou de propósito' } });
    const teapot = await api.rpc('fx_teapot');
    expect(teapot.status).toBe(418);
  });
});
