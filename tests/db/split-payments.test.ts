// Split payment on the server (0044): parts that do not stand are refused through replicate_push, a split sale adds
// only its fiado part to the client's balance (stored, derived, in the bases and in the older statement), and the
// daily rollup puts each part in its method's column while counting the sale once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';
import { asActor, createUser, hlcAt, owner, sampleRow } from './helpers.ts';

let db: Database;
let ownerId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  ownerId = await createUser(db);
});
afterAll(async () => {
  await db.close();
});

interface PushResult {
  conflicts: { _modified: string }[];
  rejected: { id: string; code: string }[];
}

async function push(table: string, rows: unknown[]): Promise<PushResult> {
  const { rows: result } = await asActor(db, owner(ownerId), (tx) =>
    tx.query<{ result: PushResult }>(`SELECT public.replicate_push($1, $2) AS result`, [table, JSON.stringify(rows)]),
  );
  const value = result[0]?.result;
  if (!value) throw new Error('replicate_push answered nothing');
  return value;
}

type Part = { forma: string; valor: number };

/** A sale of R$ 35,50 (one line). */
function sale(fields: { tipo?: string; cliente_id?: string | null; forma_pagamento?: string | null; pagamentos?: Part[] | null }) {
  const base = sampleRow('vendas').row;
  const [item] = base.itens as Record<string, unknown>[];
  return {
    id: randomUUID(),
    ...base,
    user_id: ownerId,
    total: 35.5,
    itens: [{ ...item, quantidade: 1, preco_unitario: 35.5, preco_total: 35.5 }],
    ...fields,
  };
}

async function newClient(): Promise<string> {
  const id = randomUUID();
  const result = await push('clientes', [
    { doc: { id, ...sampleRow('clientes').row, user_id: ownerId }, assumed_modified: null },
  ]);
  expect(result.rejected).toEqual([]);
  return id;
}

async function balanceOf(clientId: string): Promise<{ stored: number; derived: number }> {
  const { rows } = await db.query<{ stored: string; derived: string }>(
    `SELECT c.saldo_devedor::text AS stored, public.saldo_derivado(c.id, c.user_id)::text AS derived
       FROM public.clientes c WHERE c.id = $1`,
    [clientId],
  );
  const row = rows[0];
  if (!row) throw new Error(`cliente ${clientId} não gravado`);
  return { stored: Number(row.stored), derived: Number(row.derived) };
}

const numeric = (text: string) => Number(text);

describe('vendas.pagamentos', () => {
  it('refuses parts that do not stand, each with 23514, and writes nothing', async () => {
    const client = await newClient();
    const refused: Record<string, ReturnType<typeof sale>> = {
      'one part': sale({ pagamentos: [{ forma: 'dinheiro', valor: 35.5 }] }),
      'a method twice': sale({ pagamentos: [{ forma: 'pix', valor: 20 }, { forma: 'pix', valor: 15.5 }] }),
      'a part of zero': sale({ pagamentos: [{ forma: 'pix', valor: 35.5 }, { forma: 'dinheiro', valor: 0 }] }),
      'a negative part': sale({ pagamentos: [{ forma: 'pix', valor: 40 }, { forma: 'dinheiro', valor: -4.5 }] }),
      'less than the total': sale({ pagamentos: [{ forma: 'pix', valor: 20 }, { forma: 'dinheiro', valor: 15.49 }] }),
      'fractions of a cent': sale({ pagamentos: [{ forma: 'pix', valor: 20.005 }, { forma: 'dinheiro', valor: 15.495 }] }),
      'an unknown method': sale({ pagamentos: [{ forma: 'cheque', valor: 20 }, { forma: 'dinheiro', valor: 15.5 }] }),
      'a fiado part on a sale paid at the counter': sale({
        pagamentos: [{ forma: 'dinheiro', valor: 20 }, { forma: 'fiado', valor: 15.5 }],
      }),
      'a fiado sale without a fiado part': sale({
        tipo: 'fiado',
        cliente_id: client,
        pagamentos: [{ forma: 'dinheiro', valor: 20 }, { forma: 'pix', valor: 15.5 }],
      }),
    };
    for (const [why, doc] of Object.entries(refused)) {
      const result = await push('vendas', [{ doc, assumed_modified: null }]);
      expect(result.rejected, why).toEqual([expect.objectContaining({ id: doc.id, code: '23514' })]);
    }
    const { rows } = await db.query(`SELECT id FROM public.vendas WHERE id = ANY ($1::uuid[])`, [
      Object.values(refused).map((doc) => doc.id),
    ]);
    expect(rows).toEqual([]);
    expect((await balanceOf(client)).stored).toBe(0);
  });

  it('a split fiado sale adds only its fiado part to the balance, and an edit of the parts moves it', async () => {
    const client = await newClient();
    const doc = sale({
      tipo: 'fiado',
      cliente_id: client,
      forma_pagamento: 'dinheiro',
      pagamentos: [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 15.5 },
      ],
    });
    expect((await push('vendas', [{ doc, assumed_modified: null }])).rejected).toEqual([]);
    expect(await balanceOf(client)).toEqual({ stored: 15.5, derived: 15.5 });

    const { rows } = await db.query<{ _modified: string; pagamentos: Part[] }>(
      `SELECT _modified::text, pagamentos FROM public.vendas WHERE id = $1`,
      [doc.id],
    );
    expect(rows[0]?.pagamentos).toEqual(doc.pagamentos);
    // The owner moves R$ 5 from cash to fiado: the balance follows the part.
    const edited = { ...doc, pagamentos: [{ forma: 'dinheiro', valor: 15 }, { forma: 'fiado', valor: 20.5 }] };
    expect((await push('vendas', [{ doc: edited, assumed_modified: rows[0]?._modified }])).rejected).toEqual([]);
    expect(await balanceOf(client)).toEqual({ stored: 20.5, derived: 20.5 });

    // A client's older statement shows the part the sale added to her balance.
    const { rows: statement } = await asActor(db, owner(ownerId), (tx) =>
      tx.query<{ page: { id: string; kind: string; valor: number }[] }>(
        `SELECT public.lancamentos_anteriores($1) AS page`,
        [client],
      ),
    );
    expect(statement[0]?.page).toEqual([expect.objectContaining({ id: doc.id, kind: 'venda', valor: 20.5 })]);
  });

  it('the bases count the fiado part when the cut moves past the sale', async () => {
    const userId = await createUser(db);
    const client = randomUUID();
    const when = Date.UTC(2026, 0, 10, 12);
    const split = {
      ...sale({
        tipo: 'fiado',
        cliente_id: client,
        forma_pagamento: 'pix',
        pagamentos: [
          { forma: 'pix', valor: 30 },
          { forma: 'fiado', valor: 5.5 },
        ],
      }),
      user_id: userId,
      hlc: hlcAt(when),
    };
    const whole = { ...sale({ tipo: 'fiado', cliente_id: client, forma_pagamento: null }), user_id: userId, hlc: hlcAt(when + 1) };
    await asActor(db, owner(userId), (tx) =>
      tx.query(`SELECT public.replicate_push('vendas', $1)`, [
        JSON.stringify([split, whole].map((doc) => ({ doc, assumed_modified: null }))),
      ]),
    );
    await db.query(`SELECT public.avancar_corte_ate($1, $2)`, [userId, new Date(when + 86_400_000).toISOString()]);
    const first = await db.query<{ valor: string }>(
      `SELECT valor::text FROM public.bases_contadores WHERE user_id = $1 AND tipo = 'saldo' AND ref_id = $2`,
      [userId, client],
    );
    expect(numeric(first.rows[0]?.valor ?? 'NaN')).toBe(41);

    // A later split sale folded by moving the cut again (the incremental path).
    const later = {
      ...sale({
        tipo: 'fiado',
        cliente_id: client,
        forma_pagamento: 'cartao',
        pagamentos: [
          { forma: 'cartao', valor: 35 },
          { forma: 'fiado', valor: 0.5 },
        ],
      }),
      user_id: userId,
      hlc: hlcAt(when + 2 * 86_400_000),
    };
    await asActor(db, owner(userId), (tx) =>
      tx.query(`SELECT public.replicate_push('vendas', $1)`, [JSON.stringify([{ doc: later, assumed_modified: null }])]),
    );
    await db.query(`SELECT public.avancar_corte_ate($1, $2)`, [userId, new Date(when + 3 * 86_400_000).toISOString()]);
    const second = await db.query<{ valor: string }>(
      `SELECT valor::text FROM public.bases_contadores WHERE user_id = $1 AND tipo = 'saldo' AND ref_id = $2`,
      [userId, client],
    );
    expect(numeric(second.rows[0]?.valor ?? 'NaN')).toBe(41.5);
  });

  it('the day rollup puts each part in its method and counts the sale once', async () => {
    const userId = await createUser(db);
    const client = randomUUID();
    const day = '2026-02-03';
    const docs = [
      sale({
        tipo: 'fiado',
        cliente_id: client,
        forma_pagamento: 'dinheiro',
        pagamentos: [
          { forma: 'dinheiro', valor: 20 },
          { forma: 'fiado', valor: 15.5 },
        ],
      }),
      sale({ forma_pagamento: 'pix', pagamentos: [{ forma: 'pix', valor: 30 }, { forma: 'cartao', valor: 5.5 }] }),
      sale({ forma_pagamento: 'dinheiro' }),
    ].map((doc) => ({ ...doc, user_id: userId, data: day }));
    const { rows: pushed } = await asActor(db, owner(userId), (tx) =>
      tx.query<{ result: PushResult }>(`SELECT public.replicate_push('vendas', $1) AS result`, [
        JSON.stringify(docs.map((doc) => ({ doc, assumed_modified: null }))),
      ]),
    );
    expect(pushed[0]?.result.rejected).toEqual([]);
    const { rows } = await db.query<Record<string, string | number>>(
      `SELECT vendas, total::text, avista::text, avista_qtd, fiado::text, fiado_qtd, dinheiro::text, dinheiro_qtd,
              cartao::text, cartao_qtd, pix::text, pix_qtd, outro::text, outro_qtd
         FROM public.resumos_dia WHERE user_id = $1 AND dia = $2 AND produto_id IS NULL`,
      [userId, day],
    );
    expect(rows).toEqual([
      {
        vendas: 3,
        total: '106.50',
        avista: '91.00',
        avista_qtd: 3,
        fiado: '15.50',
        fiado_qtd: 1,
        dinheiro: '55.50',
        dinheiro_qtd: 2,
        cartao: '5.50',
        cartao_qtd: 1,
        pix: '30.00',
        pix_qtd: 1,
        outro: '0.00',
        outro_qtd: 0,
      },
    ]);
    // Cancelling the split sale takes every part back out of the day.
    const { rows: current } = await db.query<{ _modified: string }>(`SELECT _modified::text FROM public.vendas WHERE id = $1`, [
      docs[0]?.id,
    ]);
    await asActor(db, owner(userId), (tx) =>
      tx.query(`SELECT public.replicate_push('vendas', $1)`, [
        JSON.stringify([{ doc: { ...docs[0], _deleted: true }, assumed_modified: current[0]?._modified }]),
      ]),
    );
    const { rows: after } = await db.query<Record<string, string | number>>(
      `SELECT vendas, total::text, fiado::text, fiado_qtd, dinheiro::text, dinheiro_qtd
         FROM public.resumos_dia WHERE user_id = $1 AND dia = $2 AND produto_id IS NULL`,
      [userId, day],
    );
    expect(after).toEqual([
      { vendas: 2, total: '71.00', fiado: '0.00', fiado_qtd: 0, dinheiro: '35.50', dinheiro_qtd: 1 },
    ]);
  });

  it('older sales read online carry their parts', async () => {
    const doc = sale({ forma_pagamento: 'pix', pagamentos: [{ forma: 'pix', valor: 30 }, { forma: 'outro', valor: 5.5 }] });
    expect((await push('vendas', [{ doc: { ...doc, data: '2024-01-02' }, assumed_modified: null }])).rejected).toEqual([]);
    const { rows } = await asActor(db, owner(ownerId), (tx) =>
      tx.query<{ page: { id: string; pagamentos: Part[] | null }[] }>(
        `SELECT public.vendas_anteriores('2024-01-03'::date, '2024-01-02'::date) AS page`,
      ),
    );
    expect(rows[0]?.page).toEqual([expect.objectContaining({ id: doc.id, pagamentos: doc.pagamentos })]);
  });
  it("the admin's sales show a split sale's parts", async () => {
    const doc = sale({ forma_pagamento: 'cartao', pagamentos: [{ forma: 'cartao', valor: 30 }, { forma: 'pix', valor: 5.5 }] });
    expect((await push('vendas', [{ doc, assumed_modified: null }])).rejected).toEqual([]);
    const adminId = await createUser(db);
    const { rows } = await asActor(db, { role: 'authenticated', sub: adminId, admin: true }, (tx) =>
      tx.query<{ page: { rows: { id: string; pagamentos: Part[] | null }[] } }>(
        `SELECT public.admin_sales_page(p_limit => 100) AS page`,
      ),
    );
    const row = rows[0]?.page.rows.find((candidate) => candidate.id === doc.id);
    expect(row?.pagamentos).toEqual(doc.pagamentos);
  });
});
