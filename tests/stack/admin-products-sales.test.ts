// The admin domain's /admin/products and /admin/sales against the local stack: products paged on the server with
// the total (search by name, brand, category or owner, accents ignored, % and _ literal; owner and category
// filters; the categories and the owners' search-as-you-type from the server), the deletion reaching the owner's
// devices through the replication pull, logged in admin_logs, with its photo removed; sales paged with the
// figures of the search and the type filter; non-admins refused with 'forbidden', offline refused with 'offline'.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminDomain } from '../../workers/admin/handlers.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { adminClientOf, failure } from '../support/admin.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser } from '../db/helpers.ts';

let stack: TestStack;
let adminClient: SupabaseClient;
let anaClient: SupabaseClient;
let admin: ReturnType<typeof createAdminDomain>['handlers'];
const connectivity = createManualConnectivity(true);
let ana: string;
let bento: string;
let carla: string;
/** A product whose owner's profile is gone. */
const ghost = randomUUID();
const productIds = new Map<string, string>();

async function product(
  owner: string,
  nome: string,
  minutesAgo: number,
  extra: { marca?: string; categoria?: string; imagem_url?: string; estoque_minimo?: number } = {},
): Promise<string> {
  const { rows } = await stack.db.query<{ id: string }>(
    `INSERT INTO public.produtos (user_id, nome, preco, preco_compra, marca, categoria, imagem_url, estoque_minimo, created_at)
     VALUES ($1, $2, 10, 6, $3, $4, $5, $6, now() - make_interval(mins => $7)) RETURNING id`,
    [owner, nome, extra.marca ?? null, extra.categoria ?? null, extra.imagem_url ?? null, extra.estoque_minimo ?? 5, minutesAgo],
  );
  const id = rows[0]?.id ?? '';
  productIds.set(nome, id);
  return id;
}

async function sale(
  owner: string,
  minutesAgo: number,
  values: {
    total: number;
    tipo?: string;
    cliente_id?: string;
    forma?: string | null;
    descricao?: string | null;
    deleted?: boolean;
  },
): Promise<void> {
  await stack.db.query(
    `INSERT INTO public.vendas (user_id, total, tipo, cliente_id, forma_pagamento, forma_pagamento_descricao, _deleted, created_at, itens)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(mins => $8),
             jsonb_build_array(jsonb_build_object('produto_id', gen_random_uuid()::text, 'quantidade', 1, 'preco_unitario', $2::numeric,
                                                  'preco_total', $2::numeric, 'nome_produto', 'Item', 'unidade_produto', 'un')))`,
    [
      owner,
      values.total,
      values.tipo ?? 'avista',
      values.cliente_id ?? null,
      values.forma === undefined ? 'dinheiro' : values.forma,
      values.descricao ?? null,
      values.deleted ?? false,
      minutesAgo,
    ],
  );
}

beforeAll(async () => {
  stack = await startTestStack();
  ana = await createUser(stack.db, { nome: 'Ana Souza', nome_mercado: 'Mercadinho São João', telefone: '11988887777' });
  bento = await createUser(stack.db, { nome: 'Bento Lima', nome_mercado: null, telefone: null });
  carla = await createUser(stack.db, { nome: 'Carla Dias', nome_mercado: 'Empório Carla', telefone: null });
  // Ana: 12 products, newest first Arroz 00 … Arroz 11; half Grãos, half Mercearia.
  for (let index = 0; index < 12; index += 1) {
    await product(ana, `Arroz ${String(index).padStart(2, '0')}`, 100 + index, {
      marca: 'Tio João',
      categoria: index % 2 === 0 ? 'Grãos' : 'Mercearia',
    });
  }
  await product(bento, 'Água Sanitária', 10, { marca: 'Qboa', categoria: 'Limpeza' });
  await product(bento, 'Sabão 50%', 20, { marca: 'Ypê', categoria: 'Limpeza' });
  await product(bento, 'Vela', 30, {});
  await product(ghost, 'Fósforo', 40, { categoria: 'Bazar' });
  await product(carla, 'Café', 5, { categoria: 'Mercearia' });

  const adminId = randomUUID();
  adminClient = await adminClientOf(stack, adminId);
  anaClient = stack.client(await stack.mintUserToken(ana));
  admin = createAdminDomain({ client: () => adminClient, connectivity }).handlers;
});
afterAll(async () => {
  await stack.close();
});

describe('admin products page', () => {
  it('pages of 10 live products, newest first, with the total and each owner', async () => {
    const first = await admin.productsPage({});
    expect(first).toMatchObject({ total: 17, page: 1, pages: 2 });
    expect(first.rows.map((row) => row.nome)).toEqual([
      'Café',
      'Água Sanitária',
      'Sabão 50%',
      'Vela',
      'Fósforo',
      'Arroz 00',
      'Arroz 01',
      'Arroz 02',
      'Arroz 03',
      'Arroz 04',
    ]);
    expect(first.rows[1]).toMatchObject({
      marca: 'Qboa',
      categoria: 'Limpeza',
      preco: 10,
      precoCompra: 6,
      estoque: 0,
      estoqueMinimo: 5,
      owner: { id: bento, nome: 'Bento Lima', nomeMercado: null },
    });
    expect(first.rows[4]?.owner).toBeNull();
    expect(first.rows[5]?.owner).toMatchObject({ nome: 'Ana Souza', nomeMercado: 'Mercadinho São João' });
    const second = await admin.productsPage({ page: 2 });
    expect(second.rows).toHaveLength(7);
    expect(second.rows.at(-1)?.nome).toBe('Arroz 11');
    // Past the end: the last page.
    expect(await admin.productsPage({ page: 7 })).toMatchObject({ page: 2, pages: 2, total: 17 });
  });

  it('searches name, brand, category and owner (name, market, email), accents and case ignored, % and _ literal', async () => {
    const names = async (search: string) => (await admin.productsPage({ search })).rows.map((row) => row.nome);
    expect(await names('agua')).toEqual(['Água Sanitária']);
    expect(await names('QBOA')).toEqual(['Água Sanitária']);
    expect(await names('limpeza')).toEqual(['Água Sanitária', 'Sabão 50%']);
    expect((await admin.productsPage({ search: 'graos' })).total).toBe(6);
    expect((await admin.productsPage({ search: 'sao joao' })).total).toBe(12);
    expect((await admin.productsPage({ search: 'Bento' })).total).toBe(3);
    const email =
      (await stack.db.query<{ email: string }>('SELECT email FROM auth.users WHERE id = $1', [carla])).rows[0]?.email ?? '';
    expect(await names(email)).toEqual(['Café']);
    expect(await names('%')).toEqual(['Sabão 50%']);
    expect(await names('_')).toEqual([]);
    expect(await names('ninguém')).toEqual([]);
    // One field at a time: the name's end and the brand together match nothing.
    expect(await names('sanitaria qboa')).toEqual([]);
  });

  it('filters by owner and by category, together with the search', async () => {
    expect((await admin.productsPage({ userId: bento })).rows.map((row) => row.nome)).toEqual([
      'Água Sanitária',
      'Sabão 50%',
      'Vela',
    ]);
    expect((await admin.productsPage({ categoria: 'Mercearia' })).total).toBe(7);
    expect((await admin.productsPage({ userId: ana, categoria: 'Mercearia' })).total).toBe(6);
    expect(
      (await admin.productsPage({ userId: ana, categoria: 'Mercearia', search: 'arroz 01' })).rows.map((row) => row.nome),
    ).toEqual(['Arroz 01']);
    expect((await admin.productsPage({ userId: carla, categoria: 'Limpeza' })).total).toBe(0);
  });

  it('the category choices and the owners come from the server, not the loaded page', async () => {
    expect(await admin.productCategories()).toEqual([
      { categoria: 'Bazar', produtos: 1 },
      { categoria: 'Grãos', produtos: 6 },
      { categoria: 'Limpeza', produtos: 2 },
      { categoria: 'Mercearia', produtos: 7 },
    ]);
    expect((await admin.productOwners({ search: 'bento' })).map((owner) => owner.nome)).toEqual(['Bento Lima']);
    expect((await admin.productOwners({ search: 'emporio' })).map((owner) => owner.nome)).toEqual(['Carla Dias']);
    expect((await admin.productOwners({})).map((owner) => owner.nome)).toEqual(['Ana Souza', 'Bento Lima', 'Carla Dias']);
  });

  it('refuses a bad filter before asking the server', async () => {
    expect((await failure(admin.productsPage({ page: 0 }))).issues).toEqual([{ field: 'page', code: 'too_small', limit: 1 }]);
    expect((await failure(admin.productsPage({ userId: 'x' }))).issues[0]).toMatchObject({ field: 'userId' });
    expect((await failure(admin.salesPage({ tipo: 'cheque' as 'fiado' }))).issues[0]).toMatchObject({ field: 'tipo' });
  });
});

describe('admin product deletion', () => {
  it('soft-deletes for the owner devices, logs delete_product, removes the photo; the sale keeps its item', async () => {
    const service = stack.serviceClient();
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/jpeg' });
    const path = `${bento}/produtos/agua.jpg`;
    expect((await service.storage.from('product-images').upload(path, photo, { contentType: 'image/jpeg' })).error).toBeNull();
    const url = service.storage.from('product-images').getPublicUrl(path).data.publicUrl;
    const id = productIds.get('Água Sanitária') ?? '';
    await stack.db.query('UPDATE public.produtos SET imagem_url = $2 WHERE id = $1', [id, url]);
    await stack.db.query(
      `INSERT INTO public.vendas (user_id, total, itens, forma_pagamento, created_at)
       VALUES ($1, 10, jsonb_build_array(jsonb_build_object('produto_id', $2::text, 'quantidade', 1, 'preco_unitario', 10,
               'preco_total', 10, 'nome_produto', 'Água Sanitária', 'unidade_produto', 'un')), 'pix', now() - interval '1 day')`,
      [bento, id],
    );
    const bentoClient = stack.client(await stack.mintUserToken(bento));
    const before = await bentoClient.rpc('replicate_pull', { p_table: 'produtos', p_limit: 100 });
    const checkpoint = (before.data as { documents: { _modified: string; id: string }[] }).documents.at(-1);

    await admin.deleteProduct({ productId: id });

    // The owner's device pulls the deletion after its checkpoint.
    const pulled = await bentoClient.rpc('replicate_pull', {
      p_table: 'produtos',
      p_after_modified: checkpoint?._modified,
      p_after_id: checkpoint?.id,
    });
    expect((pulled.data as { documents: { id: string; _deleted: boolean }[] }).documents).toEqual([
      expect.objectContaining({ id, _deleted: true }),
    ]);
    expect((await admin.productsPage({ search: 'agua' })).total).toBe(0);
    expect((await admin.productsPage({})).total).toBe(16);
    expect((await admin.productCategories()).find((row) => row.categoria === 'Limpeza')).toEqual({
      categoria: 'Limpeza',
      produtos: 1,
    });
    const { data: left } = await service.storage.from('product-images').list(`${bento}/produtos`);
    expect(left ?? []).toEqual([]);
    const logged = await adminClient.from('admin_logs').select('action, target_type, target_id, details').eq('target_id', id);
    expect(logged.data).toEqual([
      {
        action: 'delete_product',
        target_type: 'product',
        target_id: id,
        details: expect.objectContaining({
          nome: 'Água Sanitária',
          dono: expect.objectContaining({ id: bento, nome: 'Bento Lima' }) as unknown,
        }) as unknown,
      },
    ]);
    const items = await stack.db.query<{ nome_produto: string }>(
      'SELECT nome_produto FROM public.itens_venda WHERE produto_id = $1',
      [id],
    );
    expect(items.rows).toEqual([{ nome_produto: 'Água Sanitária' }]);
    expect((await failure(admin.deleteProduct({ productId: id }))).code).toBe('not_found');
    expect((await failure(admin.deleteProduct({ productId: randomUUID() }))).code).toBe('not_found');
  });

  it('keeps a photo another live product of the owner still shows', async () => {
    const service = stack.serviceClient();
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/jpeg' });
    const path = `${bento}/produtos/limpeza.jpg`;
    expect((await service.storage.from('product-images').upload(path, photo, { contentType: 'image/jpeg' })).error).toBeNull();
    const url = service.storage.from('product-images').getPublicUrl(path).data.publicUrl;
    await stack.db.query('UPDATE public.produtos SET imagem_url = $1 WHERE id = ANY($2::uuid[])', [
      url,
      [productIds.get('Sabão 50%'), productIds.get('Vela')],
    ]);
    await admin.deleteProduct({ productId: productIds.get('Sabão 50%') ?? '' });
    const { data: left } = await service.storage.from('product-images').list(`${bento}/produtos`);
    expect((left ?? []).map((entry) => entry.name)).toEqual(['limpeza.jpg']);
    expect((await admin.productsPage({ userId: bento })).rows.map((row) => row.nome)).toEqual(['Vela']);
  });

  it('an owner deleting her own product is not logged as an admin action', async () => {
    const id = productIds.get('Arroz 11') ?? '';
    await stack.db.query(`UPDATE public.produtos SET _deleted = true WHERE id = $1`, [id]);
    expect((await adminClient.from('admin_logs').select('id').eq('target_id', id)).data).toEqual([]);
  });
});

describe('admin sales page', () => {
  it('pages live sales with the figures of the search and the type filter', async () => {
    // Earlier sales out of the way (a DELETE on a replicated table is a soft delete).
    await stack.db.query('DELETE FROM public.vendas');
    const { rows } = await stack.db.query<{ id: string }>(
      `INSERT INTO public.clientes (user_id, nome, telefone) VALUES ($1, 'Maria Fiado', '11999990000') RETURNING id`,
      [ana],
    );
    const maria = rows[0]?.id ?? '';
    await sale(ana, 1, { total: 10 });
    await sale(ana, 2, { total: 20, forma: 'cartao', descricao: JSON.stringify({ tipo_cartao: 'parcelado', parcelas: 3 }) });
    await sale(ana, 3, { total: 30, forma: 'pix' });
    await sale(ana, 4, { total: 40, forma: 'outro', descricao: JSON.stringify({ descricao: 'vale-refeição' }) });
    for (let index = 0; index < 4; index += 1)
      await sale(ana, 10 + index, { total: 5, tipo: 'fiado', cliente_id: maria, forma: null });
    for (let index = 0; index < 5; index += 1) await sale(bento, 20 + index, { total: 1 });
    await sale(carla, 30, { total: 999, deleted: true });

    const all = await admin.salesPage({});
    expect(all).toMatchObject({ total: 13, counts: { todas: 13, avista: 9, fiado: 4 }, revenue: 125, page: 1, pages: 2 });
    expect(all.rows).toHaveLength(10);
    expect(all.rows[0]).toMatchObject({
      total: 10,
      tipo: 'avista',
      usuarioNome: 'Ana Souza',
      nomeMercado: 'Mercadinho São João',
    });
    expect(all.rows[1]).toMatchObject({
      formaPagamento: 'cartao',
      formaPagamentoDescricao: '{"tipo_cartao":"parcelado","parcelas":3}',
    });
    expect(all.rows[4]).toMatchObject({ tipo: 'fiado', clienteNome: 'Maria Fiado', clienteTelefone: '11999990000' });
    expect((await admin.salesPage({ page: 2 })).rows).toHaveLength(3);

    const fiado = await admin.salesPage({ tipo: 'fiado' });
    expect(fiado).toMatchObject({ total: 4, counts: { todas: 13, avista: 9, fiado: 4 }, pages: 1 });
    expect(fiado.rows.every((row) => row.tipo === 'fiado')).toBe(true);
    expect(await admin.salesPage({ tipo: 'avista', page: 5 })).toMatchObject({ total: 9, page: 1, pages: 1 });

    // Search: owner, market, client, payment method (accents ignored); the figures follow the search.
    expect(await admin.salesPage({ search: 'maria' })).toMatchObject({
      total: 4,
      counts: { todas: 4, avista: 0, fiado: 4 },
      revenue: 20,
    });
    expect(await admin.salesPage({ search: 'bento' })).toMatchObject({ total: 5, revenue: 5 });
    expect((await admin.salesPage({ search: 'são joão' })).total).toBe(8);
    expect((await admin.salesPage({ search: 'cartão' })).rows.map((row) => row.total)).toEqual([20]);
    expect((await admin.salesPage({ search: 'refeicao' })).rows.map((row) => row.total)).toEqual([40]);
    expect((await admin.salesPage({ search: 'PIX', tipo: 'fiado' })).total).toBe(0);
    expect(await admin.salesPage({ search: '%' })).toMatchObject({
      total: 0,
      counts: { todas: 0, avista: 0, fiado: 0 },
      revenue: 0,
    });
  });
});

describe('refusals', () => {
  const CALLS: [string, Record<string, unknown>][] = [
    ['admin_products_page', {}],
    ['admin_product_categories', {}],
    ['admin_product_owners', { p_search: 'a' }],
    ['admin_delete_product', { p_product_id: randomUUID() }],
    ['admin_sales_page', {}],
  ];

  it.each(CALLS)('%s refuses an owner with 42501 (403) and anon with 401', async (name, args) => {
    const refused = await anaClient.rpc(name, args);
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('42501');
    expect((await stack.client().rpc(name, args)).status).toBe(401);
  });

  it('the domain says forbidden to an owner, and the owner cannot delete another owner’s product', async () => {
    const owner = createAdminDomain({ client: () => anaClient, connectivity }).handlers;
    expect((await failure(owner.productsPage({}))).code).toBe('forbidden');
    expect((await failure(owner.productCategories())).code).toBe('forbidden');
    expect((await failure(owner.productOwners({ search: 'a' }))).code).toBe('forbidden');
    expect((await failure(owner.salesPage({}))).code).toBe('forbidden');
    const vela = productIds.get('Vela') ?? '';
    expect((await failure(owner.deleteProduct({ productId: vela }))).code).toBe('forbidden');
    expect((await admin.productsPage({ search: 'vela' })).total).toBe(1);
  });

  it('offline: every call refuses with offline, and works again online', async () => {
    connectivity.set(false);
    expect((await failure(admin.productsPage({}))).code).toBe('offline');
    expect((await failure(admin.productCategories())).code).toBe('offline');
    expect((await failure(admin.productOwners({}))).code).toBe('offline');
    expect((await failure(admin.deleteProduct({ productId: productIds.get('Vela') ?? '' }))).code).toBe('offline');
    expect((await failure(admin.salesPage({}))).code).toBe('offline');
    connectivity.set(true);
    expect((await admin.productsPage({ search: 'vela' })).total).toBe(1);
  });
});
