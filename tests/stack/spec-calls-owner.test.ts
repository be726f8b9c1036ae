// Conformance of the shop owner's calls (specs §7) on the real schema with the official supabase-js: each
// table query with its columns, filters, order, paging, counts and writes, and the owner's RPCs, asserting
// what the owner sees. Seeds go through the API as the owner, or through the service client.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { rowOf, rowsOf } from '../support/results.ts';
import { createUser, hlcAt } from '../db/helpers.ts';

let stack: TestStack;
let userA: string;
let userB: string;
let a: SupabaseClient;
let b: SupabaseClient;
let service: SupabaseClient;

const iso = (day: string, hour = 12): string => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
/** Postgres' own rendering of a timestamptz: `T`, microseconds when present, numeric offset. */
const PG_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?\+00:00$/;

beforeAll(async () => {
  stack = await startTestStack();
  [userA, userB] = [await createUser(stack.db), await createUser(stack.db, { nome: 'Seu Bento', nome_mercado: 'Empório B' })];
  a = stack.client(await stack.mintUserToken(userA));
  b = stack.client(await stack.mintUserToken(userB));
  service = stack.serviceClient();
});
afterAll(async () => {
  await stack.close();
});

describe('users (profile)', () => {
  it('reads the own profile by id (single, all columns) and updates nome_mercado', async () => {
    const profile = rowOf<Record<string, unknown>>(await a.from('users').select('*').eq('id', userA).single());
    expect(profile).toMatchObject({
      id: userA,
      nome: 'Dona Teste',
      nome_mercado: 'Mercadinho Teste',
      telefone: '11988887777',
      plano: 'free',
    });
    expect(profile.trial_end_date).toMatch(PG_TIMESTAMP);
    const trialDays = (Date.parse(String(profile.trial_end_date)) - Date.parse(String(profile.created_at))) / 86_400_000;
    expect(Math.round(trialDays)).toBe(30);

    const updated = await a.from('users').update({ nome_mercado: 'Mercadinho da Dona' }).eq('id', userA);
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(204);
    expect(rowOf(await a.from('users').select('nome_mercado').eq('id', userA).single())).toEqual({
      nome_mercado: 'Mercadinho da Dona',
    });
  });

  it('single() on a profile the caller cannot see is 406 PGRST116, and B does not change A', async () => {
    const other = await b.from('users').select('*').eq('id', userA).single();
    expect(other.status).toBe(406);
    expect(other.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const silent = await b.from('users').update({ nome_mercado: 'Invadido' }).eq('id', userA).select();
    expect(silent.data).toEqual([]);
    expect(rowOf(await service.from('users').select('nome_mercado').eq('id', userA).single())).toEqual({
      nome_mercado: 'Mercadinho da Dona',
    });
  });
});

describe('produtos', () => {
  const names = [
    'Açúcar 1kg',
    'Arroz 5kg',
    'arroz integral',
    'Banana',
    'Café 500g',
    'Detergente',
    'Feijão',
    'Leite',
    'Linguiça',
    'Macarrão',
    'Óleo',
    'Queijo minas',
  ];
  const ids = new Map<string, string>();

  beforeAll(async () => {
    const rows = names.map((nome, index) => {
      const id = randomUUID();
      ids.set(nome, id);
      return {
        id,
        user_id: userA,
        nome,
        preco: 5 + index,
        codigo_barras: `789100000${String(index).padStart(4, '0')}`,
        categoria: index % 2 === 0 ? 'Mercearia' : 'Limpeza',
        unidade: ['Banana', 'Linguiça', 'Queijo minas'].includes(nome) ? (nome === 'Banana' ? 'kg' : 'g') : 'un',
        created_at: iso(`2025-01-${String(index + 1).padStart(2, '0')}`),
        updated_at: iso(`2025-01-${String(index + 1).padStart(2, '0')}`),
      };
    });
    expect((await a.from('produtos').insert(rows)).error).toBeNull();
    // Stock comes from the facts: a count per product, 12 − index units.
    const counts = names.map((nome, index) => ({
      produto_id: ids.get(nome),
      user_id: userA,
      tipo: 'ajuste',
      quantidade: 12 - index,
      hlc: hlcAt(1_700_000_000_000 + index),
    }));
    expect((await a.from('historico_estoque').insert(counts)).error).toBeNull();
    expect(
      (await b.from('produtos').insert({ id: randomUUID(), nome: 'Arroz do B', preco: 3, codigo_barras: '7891000000001' })).error,
    ).toBeNull();
  });

  it('dashboard: by user_id ordered by estoque ascending', async () => {
    const rows = rowsOf<{ nome: string; estoque: number }>(
      await a.from('produtos').select('nome, estoque').eq('user_id', userA).order('estoque', { ascending: true }),
    );
    expect(rows.map((row) => row.nome)).toEqual([...names].reverse());
    expect(rows.map((row) => row.estoque)).toEqual(names.map((_, index) => index + 1));
  });

  it('by id (single), and id by codigo_barras limit 1 / maybeSingle', async () => {
    const arroz = ids.get('Arroz 5kg') ?? '';
    expect(rowOf(await a.from('produtos').select('*').eq('id', arroz).single())).toMatchObject({
      id: arroz,
      nome: 'Arroz 5kg',
      preco: 6,
      estoque: 11,
    });
    expect(rowOf(await a.from('produtos').select('id').eq('codigo_barras', '7891000000001').limit(1).maybeSingle())).toEqual({
      id: arroz,
    });
    expect(rowOf(await a.from('produtos').select('id').eq('codigo_barras', '0000000000000').limit(1).maybeSingle())).toBeNull();
    // B's product with the same code is not A's.
    expect(rowsOf(await a.from('produtos').select('id').eq('codigo_barras', '7891000000001'))).toEqual([{ id: arroz }]);
  });

  it('pages of 10 ordered by nome with an exact count, optionally filtered by case-insensitive nome', async () => {
    const first = await a.from('produtos').select('*', { count: 'exact' }).eq('user_id', userA).order('nome').range(0, 9);
    expect(first.status).toBe(206);
    expect(first.count).toBe(12);
    const firstPage = rowsOf<{ nome: string }>(first).map((row) => row.nome);
    expect(firstPage).toHaveLength(10);
    const second = await a.from('produtos').select('*', { count: 'exact' }).eq('user_id', userA).order('nome').range(10, 19);
    expect(second.count).toBe(12);
    expect([...firstPage, ...rowsOf<{ nome: string }>(second).map((row) => row.nome)].sort()).toEqual([...names].sort());

    const search = await a
      .from('produtos')
      .select('nome', { count: 'exact' })
      .eq('user_id', userA)
      .order('nome')
      .range(0, 9)
      .ilike('nome', '%ARROZ%');
    expect(search.count).toBe(2);
    expect(
      rowsOf<{ nome: string }>(search)
        .map((row) => row.nome)
        .sort(),
    ).toEqual(['Arroz 5kg', 'arroz integral']);
  });

  it('a page past the end is 416 PGRST103 when counted; maybeSingle over several rows is 406 PGRST116', async () => {
    const past = await a.from('produtos').select('nome', { count: 'exact' }).eq('user_id', userA).order('nome').range(20, 29);
    expect(past.status).toBe(416);
    expect(past.error).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });
    const several = await a.from('produtos').select('id').eq('user_id', userA).maybeSingle();
    expect(several.status).toBe(406);
    expect(several.error?.code).toBe('PGRST116');
  });

  it('count only (head), and the sales screens’ reads: columns ordered by nome, unidade in (kg, g)', async () => {
    const head = await a.from('produtos').select('*', { count: 'exact', head: true }).eq('user_id', userA);
    expect(head.error).toBeNull();
    expect(head.count).toBe(12);
    expect(head.data).toBeNull();

    const edit = rowsOf(
      await a
        .from('produtos')
        .select('id, nome, preco, estoque, codigo_barras, marca, categoria, imagem_url, unidade')
        .eq('user_id', userA)
        .order('nome'),
    );
    expect(Object.keys(edit[0] ?? {}).sort()).toEqual([
      'categoria',
      'codigo_barras',
      'estoque',
      'id',
      'imagem_url',
      'marca',
      'nome',
      'preco',
      'unidade',
    ]);
    const weighed = rowsOf<{ nome: string; unidade: string }>(
      await a.from('produtos').select('nome, unidade').eq('user_id', userA).in('unidade', ['kg', 'g']).order('nome'),
    );
    expect(weighed).toEqual([
      { nome: 'Banana', unidade: 'kg' },
      { nome: 'Linguiça', unidade: 'g' },
      { nome: 'Queijo minas', unidade: 'g' },
    ]);
  });

  it('insert, update filtered by user, upsert on id for sync; the stock a client sends is never kept', async () => {
    const id = randomUUID();
    const now = new Date().toISOString();
    const created = rowOf<Record<string, unknown>>(
      await a
        .from('produtos')
        .insert({ id, nome: 'Sabão', preco: 4.5, estoque: 99, user_id: userA, created_at: now, updated_at: now })
        .select()
        .single(),
    );
    expect(created).toMatchObject({ id, nome: 'Sabão', preco: 4.5, estoque: 0, user_id: userA, _deleted: false });
    expect(created._modified).toMatch(PG_TIMESTAMP);

    const edited = await a
      .from('produtos')
      .update({ preco: 4.75, updated_at: new Date().toISOString() })
      .eq('id', id)
      .eq('user_id', userA)
      .select('preco');
    expect(rowsOf(edited)).toEqual([{ preco: 4.75 }]);

    const fresh = randomUUID();
    const upsert = await a
      .from('produtos')
      .upsert(
        [
          { id, nome: 'Sabão em pó', preco: 9 },
          { id: fresh, nome: 'Vassoura', preco: 15 },
        ],
        { onConflict: 'id' },
      )
      .select('id, nome, preco');
    expect(rowsOf(upsert).sort((x, y) => String(x.nome).localeCompare(String(y.nome)))).toEqual([
      { id, nome: 'Sabão em pó', preco: 9 },
      { id: fresh, nome: 'Vassoura', preco: 15 },
    ]);
  });

  it('delete: stock history by produto_id first, then the product (a soft delete the owner still reads)', async () => {
    const feijao = ids.get('Feijão') ?? '';
    expect((await a.from('historico_estoque').delete().eq('produto_id', feijao)).error).toBeNull();
    expect(rowsOf(await a.from('historico_estoque').select('_deleted').eq('produto_id', feijao))).toEqual([{ _deleted: true }]);
    expect(rowOf(await a.from('produtos').select('estoque').eq('id', feijao).single())).toEqual({ estoque: 0 });
    const removed = await a.from('produtos').delete().eq('id', feijao);
    expect(removed.error).toBeNull();
    expect(removed.status).toBe(204);
    expect(rowOf(await a.from('produtos').select('_deleted').eq('id', feijao).single())).toEqual({ _deleted: true });
    const live = await a.from('produtos').select('id', { count: 'exact', head: true }).eq('user_id', userA).eq('_deleted', false);
    expect(live.count).toBe(13); // 12 seeded + Sabão + Vassoura − Feijão
  });
});

describe('clientes and the fiado ledger', () => {
  it('insert returns the row; by id (single); pages with count and nome filter; saldo_devedor by user', async () => {
    const nomes = ['Ana', 'Bruno', 'Carla', 'Davi', 'Elisa', 'Fábio', 'Gabi', 'Hugo', 'Iris', 'João', 'Karina'];
    for (const nome of nomes) {
      const row = rowOf<Record<string, unknown>>(
        await a
          .from('clientes')
          .insert({
            nome,
            telefone: '11999990000',
            is_fiado: nome !== 'Bruno',
            saldo_devedor: 500,
            observacoes: null,
            user_id: userA,
          })
          .select()
          .single(),
      );
      expect(row).toMatchObject({ nome, is_fiado: nome !== 'Bruno', saldo_devedor: 0, user_id: userA });
    }
    const page = await a.from('clientes').select('*', { count: 'exact' }).eq('user_id', userA).order('nome').range(0, 9);
    expect(page.count).toBe(11);
    expect(rowsOf<{ nome: string }>(page).map((row) => row.nome)).toEqual(nomes.slice(0, 10));
    const filtered = rowsOf<{ nome: string }>(
      await a
        .from('clientes')
        .select('nome', { count: 'exact' })
        .eq('user_id', userA)
        .ilike('nome', '%a%')
        .order('nome')
        .range(0, 9),
    );
    expect(filtered.map((row) => row.nome)).toEqual(['Ana', 'Carla', 'Davi', 'Elisa', 'Gabi', 'Karina']);
    const head = await a.from('clientes').select('*', { count: 'exact', head: true }).eq('user_id', userA);
    expect(head.count).toBe(11);
    expect(await b.from('clientes').select('*', { count: 'exact', head: true }).eq('user_id', userA)).toMatchObject({ count: 0 });
  });

  it('balances come from debits, payments and fiado sales; a zero balance retires fiado_vencido notices', async () => {
    const cliente = rowOf<{ id: string }>(await a.from('clientes').select('id').eq('user_id', userA).eq('nome', 'Ana').single());
    const debito = await a
      .from('fiado_lancamentos')
      .insert({ cliente_id: cliente.id, tipo: 'debito', valor: 30, data: '2025-03-01' });
    expect(debito.error).toBeNull();
    const venda = {
      id: randomUUID(),
      user_id: userA,
      data: '2025-03-02',
      total: 12.5,
      tipo: 'fiado',
      cliente_id: cliente.id,
      forma_pagamento: 'fiado',
      itens: [
        {
          produto_id: randomUUID(),
          quantidade: 1,
          preco_unitario: 12.5,
          preco_total: 12.5,
          nome_produto: 'Pão',
          unidade_produto: 'un',
        },
      ],
    };
    expect((await a.from('vendas').insert(venda)).error).toBeNull();
    expect(rowOf(await a.from('clientes').select('saldo_devedor').eq('id', cliente.id).single())).toEqual({
      saldo_devedor: 42.5,
    });
    const saldos = rowsOf<{ saldo_devedor: number }>(await a.from('clientes').select('saldo_devedor').eq('user_id', userA));
    expect(saldos.reduce((sum, row) => sum + row.saldo_devedor, 0)).toBe(42.5);

    // The spec's direct "update saldo_devedor" is not kept: the balance is the server's, from the facts.
    expect(
      (await a.from('clientes').update({ saldo_devedor: 0, observacoes: 'paga às sextas' }).eq('id', cliente.id)).error,
    ).toBeNull();
    expect(rowOf(await a.from('clientes').select('saldo_devedor, observacoes').eq('id', cliente.id).single())).toEqual({
      saldo_devedor: 42.5,
      observacoes: 'paga às sextas',
    });

    const aviso = {
      id: randomUUID(),
      user_id: userA,
      tipo: 'fiado_vencido',
      mensagem: 'Ana está com fiado vencido',
      referencia_id: cliente.id,
    };
    // The server writes the notice (owners write no notifications).
    expect((await service.from('notificacoes').insert(aviso)).error).toBeNull();
    expect(
      (await a.from('fiado_lancamentos').insert({ cliente_id: cliente.id, tipo: 'pagamento', valor: 42.5 })).error,
    ).toBeNull();
    expect(rowOf(await a.from('clientes').select('saldo_devedor').eq('id', cliente.id).single())).toEqual({ saldo_devedor: 0 });
    expect(rowOf(await a.from('notificacoes').select('_deleted').eq('id', aviso.id).single())).toEqual({ _deleted: true });
  });

  it('update by id, delete by id (soft), upsert on id for sync', async () => {
    const id = randomUUID();
    expect(
      (
        await a
          .from('clientes')
          .upsert({ id, nome: 'Zeca', telefone: '11911112222', is_fiado: true, user_id: userA }, { onConflict: 'id' })
      ).error,
    ).toBeNull();
    expect(
      (
        await a
          .from('clientes')
          .upsert({ id, nome: 'Zeca da Padaria', telefone: '11911112222', is_fiado: true, user_id: userA }, { onConflict: 'id' })
      ).error,
    ).toBeNull();
    expect(
      rowOf(
        await a
          .from('clientes')
          .update({ nome: 'Zeca P.', telefone: '', is_fiado: false, observacoes: 'novo' })
          .eq('id', id)
          .select('nome, telefone, is_fiado, observacoes')
          .single(),
      ),
    ).toEqual({ nome: 'Zeca P.', telefone: '', is_fiado: false, observacoes: 'novo' });
    expect((await a.from('clientes').delete().eq('id', id)).error).toBeNull();
    expect(rowOf(await a.from('clientes').select('nome, _deleted').eq('id', id).single())).toEqual({
      nome: 'Zeca P.',
      _deleted: true,
    });
  });
});

describe('notificacoes', () => {
  const ids: string[] = [];

  beforeAll(async () => {
    const rows = Array.from({ length: 55 }, (_, index) => {
      const id = randomUUID();
      ids.push(id);
      const stamp = new Date(Date.UTC(2025, 4, 1, 0, index)).toISOString();
      return { id, user_id: userA, tipo: 'sistema', mensagem: `Aviso ${index}`, created_at: stamp, updated_at: stamp };
    });
    // Sent by the server (owners write no notifications).
    expect((await service.from('notificacoes').insert(rows)).error).toBeNull();
  });

  it('50 newest by user_id, created_at descending', async () => {
    const rows = rowsOf<{ mensagem: string; created_at: string }>(
      await a
        .from('notificacoes')
        .select('*')
        .eq('user_id', userA)
        .eq('tipo', 'sistema')
        .order('created_at', { ascending: false })
        .limit(50),
    );
    expect(rows).toHaveLength(50);
    expect(rows[0]).toMatchObject({ mensagem: 'Aviso 54', created_at: '2025-05-01T00:54:00+00:00' });
    expect(rows.at(-1)?.mensagem).toBe('Aviso 5');
  });

  it('marks one or a set read, counts the unread (head), deletes by id and by referencia_id + tipo', async () => {
    const unread = () =>
      a
        .from('notificacoes')
        .select('*', { count: 'exact', head: true })
        .eq('user_id', userA)
        .eq('tipo', 'sistema')
        .eq('lido', false)
        .eq('_deleted', false);
    expect((await unread()).count).toBe(55);
    expect(
      (
        await a
          .from('notificacoes')
          .update({ lido: true })
          .eq('id', ids[0] ?? '')
      ).error,
    ).toBeNull();
    expect((await a.from('notificacoes').update({ lido: true }).in('id', ids.slice(1, 5))).error).toBeNull();
    expect((await unread()).count).toBe(50);
    // B marks nothing of A's.
    expect(rowsOf(await b.from('notificacoes').update({ lido: true }).in('id', ids).select('id'))).toEqual([]);
    expect((await unread()).count).toBe(50);

    expect(
      (
        await a
          .from('notificacoes')
          .delete()
          .eq('id', ids[10] ?? '')
      ).error,
    ).toBeNull();
    expect((await unread()).count).toBe(49);

    const cliente = randomUUID();
    expect(
      (
        await service.from('notificacoes').insert([
          { user_id: userA, tipo: 'fiado_vencido', mensagem: 'Fiado vencido', referencia_id: cliente },
          { user_id: userA, tipo: 'estoque_baixo', mensagem: 'Estoque baixo', referencia_id: cliente },
        ])
      ).error,
    ).toBeNull();
    expect((await a.from('notificacoes').delete().eq('referencia_id', cliente).eq('tipo', 'fiado_vencido')).error).toBeNull();
    const left = rowsOf(await a.from('notificacoes').select('tipo, _deleted').eq('referencia_id', cliente).order('tipo'));
    expect(left).toEqual([
      { tipo: 'estoque_baixo', _deleted: false },
      { tipo: 'fiado_vencido', _deleted: true },
    ]);
  });
});

describe('vendas and itens_venda', () => {
  const produto = randomUUID();
  const outro = randomUUID();
  const vendaIds: string[] = [];

  beforeAll(async () => {
    expect(
      (
        await a.from('produtos').insert([
          { id: produto, nome: 'Pão francês', preco: 0.8, unidade: 'un' },
          { id: outro, nome: 'Manteiga', preco: 12, unidade: 'un' },
        ])
      ).error,
    ).toBeNull();
    expect(
      (
        await a
          .from('historico_estoque')
          .insert({ produto_id: produto, tipo: 'ajuste', quantidade: 100, hlc: hlcAt(1_700_000_000_000) })
      ).error,
    ).toBeNull();
  });

  it('inserts a sale with its items (returns the row) and the server keeps itens_venda and the stock', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const [index, quantidade] of [10, 4].entries()) {
      const id = randomUUID();
      vendaIds.push(id);
      const inserted = await a
        .from('vendas')
        .insert({
          id,
          user_id: userA,
          data: today,
          total: quantidade * 0.8 + 12,
          tipo: 'avista',
          cliente_id: null,
          forma_pagamento: 'pix',
          forma_pagamento_descricao: index === 0 ? null : 'chave celular',
          hlc: hlcAt(1_800_000_000_000 + index),
          itens: [
            {
              produto_id: produto,
              quantidade,
              preco_unitario: 0.8,
              preco_total: quantidade * 0.8,
              nome_produto: 'Pão francês',
              unidade_produto: 'un',
            },
            {
              produto_id: outro,
              quantidade: 1,
              preco_unitario: 12,
              preco_total: 12,
              nome_produto: 'Manteiga',
              unidade_produto: 'un',
            },
          ],
        })
        .select()
        .single();
      expect(rowOf(inserted)).toMatchObject({
        id,
        user_id: userA,
        total: quantidade * 0.8 + 12,
        tipo: 'avista',
        forma_pagamento: 'pix',
        _deleted: false,
      });
    }
    expect(rowOf(await a.from('produtos').select('estoque').eq('id', produto).single())).toEqual({ estoque: 86 });
  });

  it('totals of today by created_at range; top products from itens_venda of those sales', async () => {
    const start = new Date();
    start.setUTCHours(0, 0, 0, 0);
    const end = new Date(start.getTime() + 86_400_000 - 1);
    const today = rowsOf<{ id: string; total: number; created_at: string }>(
      await a
        .from('vendas')
        .select('id, total, created_at')
        .eq('user_id', userA)
        .gte('created_at', start.toISOString())
        .lte('created_at', end.toISOString()),
    );
    // The two sales above and the fiado sale of the ledger test, all made today.
    expect(today).toHaveLength(3);
    expect(today.map((row) => row.id)).toEqual(expect.arrayContaining(vendaIds));
    expect(today.reduce((sum, row) => sum + row.total, 0)).toBeCloseTo(47.7, 2);
    expect(today.every((row) => PG_TIMESTAMP.test(row.created_at))).toBe(true);
    // Offsets other than Z (a `+` in the value) survive form encoding.
    const plus = rowsOf(
      await a.from('vendas').select('id').in('id', vendaIds).gte('created_at', '2000-01-01T00:00:00.000000+00:00'),
    );
    expect(plus).toHaveLength(2);
    expect(rowsOf(await a.from('vendas').select('id').in('id', vendaIds).gte('created_at', '2999-01-01T00:00:00+00:00'))).toEqual(
      [],
    );

    const itens = rowsOf<{ produto_id: string; quantidade: number; nome_produto: string }>(
      await a.from('itens_venda').select('produto_id, quantidade, nome_produto, unidade_produto').in('venda_id', vendaIds),
    );
    const byProduct = new Map<string, number>();
    for (const item of itens) byProduct.set(item.nome_produto, (byProduct.get(item.nome_produto) ?? 0) + item.quantidade);
    expect(Object.fromEntries(byProduct)).toEqual({ 'Pão francês': 14, Manteiga: 2 });
  });

  it('embeds: a sale with its itens_venda (one-to-many), an item with its sale (many-to-one)', async () => {
    const [first] = vendaIds;
    const sale = rowOf<{ itens_venda: { nome_produto: string; quantidade: number }[] }>(
      await a
        .from('vendas')
        .select('id, total, itens_venda(nome_produto, quantidade)')
        .eq('id', first ?? '')
        .order('nome_produto', { referencedTable: 'itens_venda' })
        .single(),
    );
    expect(sale.itens_venda).toEqual([
      { nome_produto: 'Manteiga', quantidade: 1 },
      { nome_produto: 'Pão francês', quantidade: 10 },
    ]);
    const items = rowsOf(
      await a
        .from('itens_venda')
        .select('quantidade, vendas(id, forma_pagamento)')
        .eq('venda_id', first ?? '')
        .eq('produto_id', produto),
    );
    expect(items).toEqual([{ quantidade: 10, vendas: { id: first, forma_pagamento: 'pix' } }]);
    // B sees neither through the embed.
    expect(rowsOf(await b.from('vendas').select('id, itens_venda(id)').in('id', vendaIds))).toEqual([]);
  });

  it('itens_venda upsert on venda_id,produto_id: the server may, owners may not (items come from vendas.itens)', async () => {
    const [first] = vendaIds;
    const item = {
      venda_id: first,
      user_id: userA,
      produto_id: produto,
      quantidade: 10,
      preco_unitario: 0.8,
      preco_total: 8,
      nome_produto: 'Pão francês',
    };
    const refused = await a.from('itens_venda').upsert(item, { onConflict: 'venda_id,produto_id' });
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: '42501', message: 'permission denied for table itens_venda' });
    const merged = await service
      .from('itens_venda')
      .upsert(item, { onConflict: 'venda_id,produto_id' })
      .select('venda_id, produto_id, quantidade');
    expect(rowsOf(merged)).toEqual([{ venda_id: first, produto_id: produto, quantidade: 10 }]);
    expect(
      rowsOf(
        await a
          .from('itens_venda')
          .select('id')
          .eq('venda_id', first ?? ''),
      ),
    ).toHaveLength(2);
  });

  it('the customer is read by id after the sale: there is no foreign key from vendas to clientes to embed', async () => {
    const embedded = await a
      .from('vendas')
      .select('id, clientes(nome)')
      .eq('id', vendaIds[0] ?? '');
    expect(embedded.status).toBe(400);
    expect(embedded.error?.code).toBe('PGRST200');
  });

  it('update by id changes the items and the stock; delete by id is a soft delete that gives the stock back', async () => {
    const [first] = vendaIds;
    const changed = await a
      .from('vendas')
      .update({
        forma_pagamento: 'dinheiro',
        itens: [
          {
            produto_id: produto,
            quantidade: 2,
            preco_unitario: 0.8,
            preco_total: 1.6,
            nome_produto: 'Pão francês',
            unidade_produto: 'un',
          },
        ],
        total: 1.6,
      })
      .eq('id', first ?? '')
      .select('forma_pagamento, total');
    expect(rowsOf(changed)).toEqual([{ forma_pagamento: 'dinheiro', total: 1.6 }]);
    expect(
      rowsOf(
        await a
          .from('itens_venda')
          .select('nome_produto, quantidade')
          .eq('venda_id', first ?? ''),
      ),
    ).toEqual([{ nome_produto: 'Pão francês', quantidade: 2 }]);
    expect(rowOf(await a.from('produtos').select('estoque').eq('id', produto).single())).toEqual({ estoque: 94 });

    expect(
      (
        await a
          .from('vendas')
          .delete()
          .eq('id', first ?? '')
      ).error,
    ).toBeNull();
    expect(
      rowOf(
        await a
          .from('vendas')
          .select('_deleted')
          .eq('id', first ?? '')
          .single(),
      ),
    ).toEqual({ _deleted: true });
    expect(
      rowsOf(
        await a
          .from('itens_venda')
          .select('id')
          .eq('venda_id', first ?? ''),
      ),
    ).toEqual([]);
    expect(rowOf(await a.from('produtos').select('estoque').eq('id', produto).single())).toEqual({ estoque: 96 });
  });
});

describe('despesas, despesa_categorias and get_expense_summary', () => {
  let energia: string;
  let aluguel: string;

  beforeAll(async () => {
    const categorias = rowsOf<{ id: string; nome: string }>(
      await a
        .from('despesa_categorias')
        .insert([
          { nome: 'Energia', user_id: userA, cor: '#ffaa00' },
          { nome: 'Aluguel', user_id: userA, cor: '#0000ff' },
        ])
        .select(),
    );
    energia = categorias.find((row) => row.nome === 'Energia')?.id ?? '';
    aluguel = categorias.find((row) => row.nome === 'Aluguel')?.id ?? '';
    const now = new Date().toISOString();
    const despesas = [
      { descricao: 'Conta de luz março', valor: 150.4, data: '2025-03-10', categoria_id: energia },
      { descricao: 'Conta de luz abril', valor: 170, data: '2025-04-10', categoria_id: energia },
      { descricao: 'Aluguel de abril', valor: 1200, data: '2025-04-05', categoria_id: aluguel },
      { descricao: 'Sacolas plásticas', valor: 35.5, data: '2025-04-20', categoria_id: null },
    ].map((row) => ({ ...row, user_id: userA, created_at: now, updated_at: now }));
    expect((await a.from('despesas').insert(despesas)).error).toBeNull();
    expect(
      (await b.from('despesas').insert({ descricao: 'Conta de luz do B', valor: 999, data: '2025-04-10' })).error,
    ).toBeNull();
  });

  it('categories by user_id ordered by nome; insert returns rows; delete by id', async () => {
    expect(
      rowsOf(await a.from('despesa_categorias').select('nome, cor').eq('user_id', userA).order('nome', { ascending: true })),
    ).toEqual([
      { nome: 'Aluguel', cor: '#0000ff' },
      { nome: 'Energia', cor: '#ffaa00' },
    ]);
    const extra = rowsOf<{ id: string }>(
      await a.from('despesa_categorias').insert({ nome: 'Limpeza', user_id: userA, cor: '#00ff00' }).select(),
    );
    expect(extra).toHaveLength(1);
    expect(
      (
        await a
          .from('despesa_categorias')
          .delete()
          .eq('id', extra[0]?.id ?? '')
      ).error,
    ).toBeNull();
    expect(
      rowsOf(await a.from('despesa_categorias').select('nome').eq('user_id', userA).eq('_deleted', false).order('nome')),
    ).toEqual([{ nome: 'Aluguel' }, { nome: 'Energia' }]);
  });

  it('lists with descricao ilike, categoria_id, a date range, data descending, paged with a count; top expense', async () => {
    const page = await a
      .from('despesas')
      .select('descricao, valor, data, categoria_id', { count: 'exact' })
      .eq('user_id', userA)
      .ilike('descricao', '%LUZ%')
      .eq('categoria_id', energia)
      .gte('data', '2025-04-01')
      .lte('data', '2025-04-30')
      .order('data', { ascending: false })
      .range(0, 9);
    expect(page.count).toBe(1);
    expect(rowsOf(page)).toEqual([{ descricao: 'Conta de luz abril', valor: 170, data: '2025-04-10', categoria_id: energia }]);

    const april = rowsOf<{ descricao: string }>(
      await a
        .from('despesas')
        .select('descricao')
        .eq('user_id', userA)
        .gte('data', '2025-04-01')
        .lte('data', '2025-04-30')
        .order('data', { ascending: false }),
    );
    expect(april.map((row) => row.descricao)).toEqual(['Sacolas plásticas', 'Conta de luz abril', 'Aluguel de abril']);
    const top = rowsOf(
      await a.from('despesas').select('descricao, valor').eq('user_id', userA).order('valor', { ascending: false }).limit(1),
    );
    expect(top).toEqual([{ descricao: 'Aluguel de abril', valor: 1200 }]);
  });

  it('the category is joined by its ids (no foreign key between replicated tables)', async () => {
    const despesas = rowsOf<{ categoria_id: string | null }>(
      await a.from('despesas').select('descricao, categoria_id').eq('user_id', userA),
    );
    const categoryIds = [...new Set(despesas.map((row) => row.categoria_id).filter((id): id is string => id !== null))];
    const categorias = rowsOf<{ nome: string }>(
      await a.from('despesa_categorias').select('id, nome, cor').in('id', categoryIds).order('nome'),
    );
    expect(categorias.map((row) => row.nome)).toEqual(['Aluguel', 'Energia']);
    expect((await a.from('despesas').select('id, despesa_categorias(nome)').limit(1)).error?.code).toBe('PGRST200');
  });

  it('update by id (descricao, valor, data, categoria_id, updated_at) and delete by id', async () => {
    const row = rowOf<{ id: string }>(await a.from('despesas').select('id').eq('descricao', 'Sacolas plásticas').single());
    const changed = await a
      .from('despesas')
      .update({
        descricao: 'Sacolas e fitas',
        valor: 40,
        data: '2025-04-21',
        categoria_id: null,
        updated_at: new Date().toISOString(),
      })
      .eq('id', row.id)
      .select('descricao, valor, data');
    expect(rowsOf(changed)).toEqual([{ descricao: 'Sacolas e fitas', valor: 40, data: '2025-04-21' }]);
    const extra = rowOf<{ id: string }>(
      await a.from('despesas').insert({ descricao: 'Lançada por engano', valor: 1, data: '2025-04-01' }).select('id').single(),
    );
    expect((await a.from('despesas').delete().eq('id', extra.id)).error).toBeNull();
    expect(rowOf(await a.from('despesas').select('_deleted').eq('id', extra.id).single())).toEqual({ _deleted: true });
  });

  it('get_expense_summary with the spec’s parameters: totals and per category, deleted rows excluded', async () => {
    const all = await a.rpc('get_expense_summary', {
      p_user_id: userA,
      p_descricao: null,
      p_categoria_id: null,
      p_data_de: null,
      p_data_ate: null,
    });
    expect(rowOf(all)).toEqual({
      total_geral: 1560.4,
      por_categoria: [
        { nome: 'Aluguel', cor: '#0000ff', total: 1200 },
        { nome: 'Energia', cor: '#ffaa00', total: 320.4 },
        { nome: 'Sem categoria', cor: '#808080', total: 40 },
      ],
    });
    const luzAbril = await a.rpc('get_expense_summary', {
      p_user_id: userA,
      p_descricao: 'luz',
      p_categoria_id: energia,
      p_data_de: '2025-04-01',
      p_data_ate: '2025-04-30',
    });
    expect(rowOf(luzAbril)).toEqual({ total_geral: 170, por_categoria: [{ nome: 'Energia', cor: '#ffaa00', total: 170 }] });
    const semCategoria = await a.rpc('get_expense_summary', {
      p_user_id: userA,
      p_descricao: '',
      p_categoria_id: 'NO_CATEGORY',
      p_data_de: null,
      p_data_ate: null,
    });
    expect(rowOf(semCategoria)).toMatchObject({ total_geral: 40 });

    const other = await b.rpc('get_expense_summary', {
      p_user_id: userA,
      p_descricao: null,
      p_categoria_id: null,
      p_data_de: null,
      p_data_ate: null,
    });
    expect(other.status).toBe(403);
    expect(other.error).toMatchObject({ code: '42501', message: 'Só é possível consultar as próprias despesas.' });
  });
});

describe('fornecedores', () => {
  it('insert (empty becomes null), list by nome with nome/telefone contains, update and delete by id', async () => {
    const inserted = rowOf<{ id: string }>(
      await a
        .from('fornecedores')
        .insert({
          nome: 'Distribuidora Sol',
          cnpj_cpf: '12.345.678/0001-90',
          telefone: '1133334444',
          email: 'vendas@sol.com.br',
          endereco: null,
          observacoes: null,
          user_id: userA,
        })
        .select()
        .single(),
    );
    expect(inserted).toMatchObject({ nome: 'Distribuidora Sol', endereco: null, user_id: userA });
    expect(
      (await a.from('fornecedores').insert({ nome: 'Atacadão Norte', telefone: '1155556666', user_id: userA })).error,
    ).toBeNull();

    expect(
      rowsOf<{ nome: string }>(
        await a.from('fornecedores').select('nome').eq('user_id', userA).order('nome', { ascending: true }),
      ).map((row) => row.nome),
    ).toEqual(['Atacadão Norte', 'Distribuidora Sol']);
    const byName = rowsOf(
      await a.from('fornecedores').select('nome').eq('user_id', userA).or('nome.ilike.%sol%,telefone.ilike.%sol%').order('nome'),
    );
    expect(byName).toEqual([{ nome: 'Distribuidora Sol' }]);
    const byPhone = rowsOf(
      await a
        .from('fornecedores')
        .select('nome')
        .eq('user_id', userA)
        .or('nome.ilike.%5555%,telefone.ilike.%5555%')
        .order('nome'),
    );
    expect(byPhone).toEqual([{ nome: 'Atacadão Norte' }]);

    const updated = await a
      .from('fornecedores')
      .update({
        nome: 'Distribuidora Sol Ltda',
        cnpj_cpf: null,
        telefone: '1133334444',
        email: null,
        endereco: 'Rua A, 1',
        observacoes: null,
      })
      .eq('id', inserted.id)
      .select('nome, email, endereco');
    expect(rowsOf(updated)).toEqual([{ nome: 'Distribuidora Sol Ltda', email: null, endereco: 'Rua A, 1' }]);
    expect((await a.from('fornecedores').delete().eq('id', inserted.id)).error).toBeNull();
    expect(rowsOf(await a.from('fornecedores').select('nome').eq('user_id', userA).eq('_deleted', false))).toEqual([
      { nome: 'Atacadão Norte' },
    ]);
  });
});

describe('account: support tickets and device sessions', () => {
  it('reads own tickets (id, unread_user, status) by updated_at descending', async () => {
    // Support is Premium's: A and B subscribe for this test.
    const premium = `UPDATE public.users SET plano = 'premium', status_pagamento = 'ativo', data_fim_plano = now() + interval '30 days'
                      WHERE id = ANY ($1)`;
    await stack.db.query(premium, [[userA, userB]]);
    onTestFinished(async () => {
      await stack.db.query(`UPDATE public.users SET plano = 'free', data_fim_plano = NULL WHERE id = ANY ($1)`, [[userA, userB]]);
    });
    // Inserted with the representation read back through an embed of the owner's profile.
    const created = await a
      .from('support_tickets')
      .insert({ title: 'Impressora', description: 'Não imprime' })
      .select('id, status, users(nome)')
      .single();
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ status: 'open', users: { nome: 'Dona Teste' } });
    const first = rowOf<{ id: string }>(created);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = rowOf<{ id: string }>(
      await a.from('support_tickets').insert({ title: 'Backup', description: 'Como faço?' }).select('id').single(),
    );
    expect((await b.from('support_tickets').insert({ title: 'Do B' })).error).toBeNull();
    const tickets = rowsOf(
      await a
        .from('support_tickets')
        .select('id, unread_user, status')
        .eq('user_id', userA)
        .order('updated_at', { ascending: false }),
    );
    expect(tickets).toEqual([
      { id: second.id, unread_user: false, status: 'open' },
      { id: first.id, unread_user: false, status: 'open' },
    ]);
    expect(rowsOf(await b.from('support_tickets').select('id').in('id', [first.id, second.id]))).toEqual([]);
  });

  it('deactivate_specific_user_session(p_user_id, p_session_token) ends the own session, not another user’s', async () => {
    const session = randomUUID();
    const device = stack.client(await stack.mintUserToken(userA, { session_id: session }));
    expect(
      rowOf(await device.rpc('register_user_session', { p_session_token: session, p_device_info: 'Chrome em Android' })),
    ).toEqual({ active: true, ended_sessions: 1 }); // A is on the free plan: the device A signed in first is ended
    const refused = await b.rpc('deactivate_specific_user_session', { p_user_id: userA, p_session_token: session });
    expect(refused.error?.code).toBe('42501');
    expect(rowOf(await device.rpc('check_user_session', { p_session_token: session }))).toBe(true);
    expect(rowOf(await device.rpc('deactivate_specific_user_session', { p_user_id: userA, p_session_token: session }))).toBe(
      true,
    );
    expect(rowOf(await device.rpc('check_user_session', { p_session_token: session }))).toBe(false);
    expect(rowsOf(await device.from('user_sessions').select('device_info, is_active').eq('session_token', session))).toEqual([
      { device_info: 'Chrome em Android', is_active: false },
    ]);
  });
});
