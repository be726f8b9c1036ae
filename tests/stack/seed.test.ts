// The demo seed: the promised shop (products across the spec's categories and units, clients with fiado,
// 90 days of sales with their items, expenses, suppliers, notifications), server-derived stock and balances
// that agree with both the facts and the seed's own simulation, logins that work through Auth, and a second
// run that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import type { Database } from '../../supabase/local/db/database.ts';
import { DEMO_ADMIN, DEMO_OWNER, DEMO_PIX } from '../../supabase/seed/accounts.ts';
import { planDemo } from '../../supabase/seed/plan.ts';
import { seedDemo } from '../../supabase/seed/seed.ts';

const NOW = new Date('2026-11-20T15:30:00Z');
const SPEC_CATEGORIES = [
  'alimentos',
  'frango',
  'carne_boi',
  'carne_porco',
  'peixes_frutos_mar',
  'queijos_frios',
  'frutas',
  'legumes',
  'bebidas',
  'limpeza',
  'higiene',
];
const SPEC_UNITS = ['un', 'kg', 'g', 'l', 'ml', 'pct', 'cx'];

let db: Database;
let stack: TestStack;

async function one<Row>(sql: string, params: unknown[] = []): Promise<Row> {
  const { rows } = await db.query<Row>(sql, params);
  if (!rows[0]) throw new Error(`no row: ${sql}`);
  return rows[0];
}

async function counts(): Promise<Record<string, number>> {
  return one<Record<string, number>>(
    `SELECT (SELECT count(*) FROM produtos)::int AS produtos, (SELECT count(*) FROM clientes)::int AS clientes,
            (SELECT count(*) FROM vendas)::int AS vendas, (SELECT count(*) FROM itens_venda)::int AS itens,
            (SELECT count(*) FROM historico_estoque)::int AS estoque, (SELECT count(*) FROM fiado_lancamentos)::int AS lancamentos,
            (SELECT count(*) FROM despesas)::int AS despesas, (SELECT count(*) FROM despesa_categorias)::int AS categorias,
            (SELECT count(*) FROM fornecedores)::int AS fornecedores, (SELECT count(*) FROM notificacoes)::int AS notificacoes,
            (SELECT count(*) FROM auth.users)::int AS usuarios`,
  );
}

beforeAll(async () => {
  db = await createTestDatabase();
  const result = await seedDemo(db, { now: NOW });
  expect(result.created).toBe(true);
  stack = await startTestStack({ db });
});

afterAll(async () => {
  await stack.close();
  await db.close();
});

describe('demo seed', () => {
  it('creates the promised shop for the demo owner', async () => {
    const c = await counts();
    expect(c.produtos).toBeGreaterThanOrEqual(140);
    expect(c.produtos).toBeLessThanOrEqual(160);
    expect(c.clientes).toBe(40);
    expect(c.vendas).toBeGreaterThan(600);
    expect(c.fornecedores).toBeGreaterThanOrEqual(5);
    expect(c.categorias).toBeGreaterThanOrEqual(6);
    expect(c.despesas).toBeGreaterThan(30);
    const owners = await db.query<{ user_id: string }>(
      `SELECT DISTINCT user_id::text FROM (SELECT user_id FROM produtos UNION ALL SELECT user_id FROM vendas UNION ALL SELECT user_id FROM clientes
         UNION ALL SELECT user_id FROM despesas UNION ALL SELECT user_id FROM fornecedores UNION ALL SELECT user_id FROM notificacoes) t`,
    );
    expect(owners.rows).toEqual([{ user_id: DEMO_OWNER.id }]);

    const categories = await db.query<{ categoria: string; n: number }>(
      'SELECT categoria, count(*)::int AS n FROM produtos GROUP BY categoria',
    );
    expect(categories.rows.map((r) => r.categoria).sort()).toEqual([...SPEC_CATEGORIES].sort());
    const units = await db.query<{ unidade: string }>('SELECT DISTINCT unidade FROM produtos');
    for (const { unidade } of units.rows) expect(SPEC_UNITS).toContain(unidade);
    expect(units.rows.map((r) => r.unidade)).toEqual(expect.arrayContaining(['un', 'kg', 'g', 'pct']));
  });

  it('spreads 90 days of sales with their items, cash and fiado, every payment method', async () => {
    const span = await one<{ primeiro: string; ultimo: string; dias: number }>(
      'SELECT min(data)::text AS primeiro, max(data)::text AS ultimo, count(DISTINCT data)::int AS dias FROM vendas',
    );
    expect(span).toEqual({ primeiro: '2026-08-23', ultimo: '2026-11-20', dias: 90 });
    const shapes = await db.query<{ tipo: string; forma: string | null; n: number }>(
      'SELECT tipo, forma_pagamento AS forma, count(*)::int AS n FROM vendas GROUP BY 1, 2 ORDER BY 1, 2',
    );
    expect(shapes.rows.map((r) => `${r.tipo}:${r.forma ?? '-'}`)).toEqual([
      'avista:cartao',
      'avista:dinheiro',
      'avista:pix',
      'fiado:-',
    ]);
    const mismatched = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM vendas v
        WHERE jsonb_array_length(v.itens) <> (SELECT count(*) FROM itens_venda i WHERE i.venda_id = v.id)
           OR v.total <> (SELECT sum(i.preco_total) FROM itens_venda i WHERE i.venda_id = v.id)`,
    );
    expect(mismatched.n).toBe(0);
    const noSaleToday = await one<{ n: number }>('SELECT count(*)::int AS n FROM vendas WHERE created_at > $1::timestamptz', [
      NOW.toISOString(),
    ]);
    expect(noSaleToday.n).toBe(0);
  });

  it('derives stock from the facts, and it matches the seed simulation', async () => {
    const rows = await db.query<{ id: string; estoque: string; dos_fatos: string }>(
      `WITH contagem AS (
         SELECT DISTINCT ON (produto_id) produto_id, quantidade, hlc FROM historico_estoque
          WHERE tipo = 'ajuste' AND NOT _deleted ORDER BY produto_id, hlc COLLATE "C" DESC)
       SELECT p.id::text, p.estoque::text,
              (coalesce(c.quantidade, 0)
               + coalesce((SELECT sum(h.quantidade) FROM historico_estoque h WHERE h.produto_id = p.id AND h.tipo = 'entrada'
                             AND NOT h._deleted AND h.hlc COLLATE "C" > coalesce(c.hlc, '') COLLATE "C"), 0)
               - coalesce((SELECT sum(i.quantidade) FROM itens_venda i JOIN vendas v ON v.id = i.venda_id
                            WHERE i.produto_id = p.id AND NOT v._deleted AND v.hlc COLLATE "C" > coalesce(c.hlc, '') COLLATE "C"), 0))::numeric(14, 3)::text AS dos_fatos
         FROM produtos p LEFT JOIN contagem c ON c.produto_id = p.id`,
    );
    const expected = planDemo({ now: NOW }).expected.stockMilli;
    for (const row of rows.rows) {
      expect(row.estoque, `produto ${row.id}`).toBe(row.dos_fatos);
      expect(Math.round(Number(row.estoque) * 1000)).toBe(expected.get(row.id));
      expect(Number(row.estoque)).toBeGreaterThanOrEqual(0);
    }
    const low = await one<{ baixo: number; zerado: number }>(
      `SELECT count(*) FILTER (WHERE estoque > 0 AND estoque < estoque_minimo)::int AS baixo, count(*) FILTER (WHERE estoque <= 0)::int AS zerado FROM produtos`,
    );
    expect(low.baixo).toBeGreaterThan(0);
    expect(low.zerado).toBeGreaterThan(0);
  });

  it('derives fiado balances from fiado sales and the ledger, matching the simulation', async () => {
    const rows = await db.query<{ id: string; saldo: string; dos_fatos: string; is_fiado: boolean }>(
      `SELECT c.id::text, c.saldo_devedor::text AS saldo, c.is_fiado,
              (coalesce((SELECT sum(total) FROM vendas v WHERE v.cliente_id = c.id AND v.tipo = 'fiado' AND NOT v._deleted), 0)
               + coalesce((SELECT sum(CASE WHEN tipo = 'debito' THEN valor ELSE -valor END) FROM fiado_lancamentos l
                            WHERE l.cliente_id = c.id AND NOT l._deleted), 0))::numeric(14, 2)::text AS dos_fatos
         FROM clientes c`,
    );
    const expected = planDemo({ now: NOW }).expected.balanceCents;
    for (const row of rows.rows) {
      expect(row.saldo, `cliente ${row.id}`).toBe(row.dos_fatos);
      expect(Math.round(Number(row.saldo) * 100)).toBe(expected.get(row.id));
      expect(Number(row.saldo)).toBeGreaterThanOrEqual(0);
      if (!row.is_fiado) expect(row.saldo).toBe('0.00');
    }
    expect(rows.rows.filter((r) => Number(r.saldo) > 0).length).toBeGreaterThanOrEqual(8);
    const payments = await one<{ n: number }>("SELECT count(*)::int AS n FROM fiado_lancamentos WHERE tipo = 'pagamento'");
    expect(payments.n).toBeGreaterThan(10);
  });

  it('has expenses with and without category, and the notifications an owner would see', async () => {
    const expenses = await one<{ com: number; sem: number }>(
      'SELECT count(categoria_id)::int AS com, count(*) FILTER (WHERE categoria_id IS NULL)::int AS sem FROM despesas',
    );
    expect(expenses.com).toBeGreaterThan(30);
    expect(expenses.sem).toBeGreaterThan(0);
    const orphan = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM despesas d WHERE categoria_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM despesa_categorias c WHERE c.id = d.categoria_id)',
    );
    expect(orphan.n).toBe(0);
    const kinds = await db.query<{ tipo: string }>('SELECT DISTINCT tipo FROM notificacoes WHERE NOT _deleted');
    expect(kinds.rows.map((r) => r.tipo)).toEqual(
      expect.arrayContaining(['estoque_baixo', 'estoque_zerado', 'fiado_vencido', 'sistema']),
    );
    const overdue = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM notificacoes n JOIN clientes c ON c.id::text = n.referencia_id
        WHERE n.tipo = 'fiado_vencido' AND NOT n._deleted AND c.saldo_devedor <= 0`,
    );
    expect(overdue.n).toBe(0);
  });

  it('signs the demo owner and admin in through Auth, and RLS shows each what it should', async () => {
    const owner = stack.client();
    const session = await owner.auth.signInWithPassword({ email: DEMO_OWNER.email, password: DEMO_OWNER.password });
    expect(session.error).toBeNull();
    const products = await owner.from('produtos').select('id', { count: 'exact', head: true });
    expect(products.count).toBe((await counts()).produtos);
    const profile = await owner.from('users').select('nome_mercado, plano, chave_pix, cidade').single();
    expect(profile.data).toEqual({ nome_mercado: DEMO_OWNER.nome_mercado, plano: 'premium', ...DEMO_PIX });

    const admin = stack.client();
    const adminSession = await admin.auth.signInWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect(adminSession.error).toBeNull();
    expect(adminSession.data.user?.app_metadata.role).toBe('admin');
    const isAdmin = await admin.rpc('is_admin');
    expect(isAdmin.data).toBe(true);
    const users = await admin.from('users').select('id');
    expect(users.data?.length).toBe(2);
    const wrong = await stack.client().auth.signInWithPassword({ email: DEMO_OWNER.email, password: 'senha-errada' });
    expect(wrong.error).not.toBeNull();
  });

  it('plans the same shop on every run for the same day', () => {
    expect(planDemo({ now: NOW })).toEqual(planDemo({ now: NOW }));
  });

  it('leaves a seeded database untouched on a second run', async () => {
    const before = await counts();
    const again = await seedDemo(db, { now: new Date() });
    expect(again.created).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
