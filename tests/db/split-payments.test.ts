// Split payment on the server (0044): parts that do not stand are refused through replicate_push for the same
// reasons, in the same order, as the device's rule (partsProblem), a split sale adds only its fiado part to the
// client's balance (stored, derived, in the bases and in the older statement), the daily rollup puts each part in
// its method's column while counting the sale once, and the parts reach the devices and the lists that show sales.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { partsOf, partsProblem, type PaidSale, type PartsProblem } from '../../workers/till/summary.ts';
import { createTestDatabase } from '../support/database.ts';
import { appVersionOf, asActor, createUser, hlcAt, owner, sampleRow } from './helpers.ts';

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
  rejected: { id: string; code: string; message: string }[];
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

/** The server's message for each reason of the device's rule. */
const MESSAGES: Record<PartsProblem, string> = {
  too_few_parts: 'pelo menos duas partes',
  repeated_method: 'cada forma de pagamento aparece uma vez',
  not_positive: 'cada parte é um valor acima de zero',
  parts_do_not_add_up: 'As partes do pagamento não somam o total da venda',
  fiado_part_type: 'uma venda com parte no fiado é uma venda fiado',
};

async function current(id: string): Promise<{ _modified: string; total: string; pagamentos: Part[] | null }> {
  const { rows } = await db.query<{ _modified: string; total: string; pagamentos: Part[] | null }>(
    `SELECT _modified::text, total::text, pagamentos FROM public.vendas WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error(`venda ${id} não gravada`);
  return row;
}

/** A sale of R$ 35,50 (one line). */
function sale(fields: {
  tipo?: string;
  cliente_id?: string | null;
  forma_pagamento?: string | null;
  pagamentos?: Part[] | null;
}) {
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
  it("refuses what the device's rule refuses, for its reason and in its order, and takes what it takes", async () => {
    const client = await newClient();
    const fiado = { tipo: 'fiado', cliente_id: client };
    const cases: [string, ReturnType<typeof sale>, PartsProblem | null][] = [
      ['no parts', sale({ pagamentos: [] }), 'too_few_parts'],
      ['one part', sale({ pagamentos: [{ forma: 'dinheiro', valor: 35.5 }] }), 'too_few_parts'],
      [
        'a method twice',
        sale({
          pagamentos: [
            { forma: 'pix', valor: 20 },
            { forma: 'pix', valor: 15.5 },
          ],
        }),
        'repeated_method',
      ],
      [
        'a method twice and a part of zero: the repeat first',
        sale({
          pagamentos: [
            { forma: 'pix', valor: 0 },
            { forma: 'dinheiro', valor: 20 },
            { forma: 'pix', valor: 15.5 },
          ],
        }),
        'repeated_method',
      ],
      [
        'a part of zero',
        sale({
          pagamentos: [
            { forma: 'pix', valor: 35.5 },
            { forma: 'dinheiro', valor: 0 },
          ],
        }),
        'not_positive',
      ],
      [
        'a negative part',
        sale({
          pagamentos: [
            { forma: 'pix', valor: 40 },
            { forma: 'dinheiro', valor: -4.5 },
          ],
        }),
        'not_positive',
      ],
      [
        'a part of zero that does not add up either: zero first',
        sale({
          pagamentos: [
            { forma: 'pix', valor: 1 },
            { forma: 'dinheiro', valor: 0 },
          ],
        }),
        'not_positive',
      ],
      [
        'a cent short',
        sale({
          pagamentos: [
            { forma: 'pix', valor: 20 },
            { forma: 'dinheiro', valor: 15.49 },
          ],
        }),
        'parts_do_not_add_up',
      ],
      [
        'a cent over',
        sale({
          pagamentos: [
            { forma: 'pix', valor: 20 },
            { forma: 'dinheiro', valor: 15.51 },
          ],
        }),
        'parts_do_not_add_up',
      ],
      [
        'not adding up and a fiado part on a sale paid at the counter: the sum first',
        sale({
          pagamentos: [
            { forma: 'dinheiro', valor: 20 },
            { forma: 'fiado', valor: 10 },
          ],
        }),
        'parts_do_not_add_up',
      ],
      [
        'a fiado part on a sale paid at the counter',
        sale({
          pagamentos: [
            { forma: 'dinheiro', valor: 20 },
            { forma: 'fiado', valor: 15.5 },
          ],
        }),
        'fiado_part_type',
      ],
      [
        'a fiado sale split without a fiado part',
        sale({
          ...fiado,
          pagamentos: [
            { forma: 'dinheiro', valor: 20 },
            { forma: 'pix', valor: 15.5 },
          ],
        }),
        'fiado_part_type',
      ],
      ['no parts field: one method', sale({ pagamentos: null }), null],
      [
        'cash and PIX',
        sale({
          forma_pagamento: 'dinheiro',
          pagamentos: [
            { forma: 'dinheiro', valor: 20 },
            { forma: 'pix', valor: 15.5 },
          ],
        }),
        null,
      ],
      [
        'cash and fiado on a fiado sale',
        sale({
          ...fiado,
          forma_pagamento: 'dinheiro',
          pagamentos: [
            { forma: 'dinheiro', valor: 20 },
            { forma: 'fiado', valor: 15.5 },
          ],
        }),
        null,
      ],
      [
        'every method once',
        sale({
          ...fiado,
          pagamentos: [
            { forma: 'dinheiro', valor: 10 },
            { forma: 'cartao', valor: 10 },
            { forma: 'pix', valor: 10 },
            { forma: 'outro', valor: 5 },
            { forma: 'fiado', valor: 0.5 },
          ],
        }),
        null,
      ],
    ];
    for (const [why, doc, problem] of cases) {
      expect(partsProblem(doc as PaidSale), `aparelho: ${why}`).toBe(problem);
      const result = await push('vendas', [{ doc, assumed_modified: null }]);
      if (problem === null) {
        expect(result.rejected, `servidor aceita: ${why}`).toEqual([]);
        expect((await current(doc.id)).pagamentos, why).toEqual(doc.pagamentos);
      } else {
        expect(result.rejected, `servidor recusa: ${why}`).toEqual([
          { id: doc.id, code: '23514', message: expect.stringContaining(MESSAGES[problem]) as unknown },
        ]);
      }
    }
    const refused = cases.filter(([, , problem]) => problem !== null).map(([, doc]) => doc.id);
    expect((await db.query(`SELECT id FROM public.vendas WHERE id = ANY ($1::uuid[])`, [refused])).rows).toEqual([]);
    expect((await balanceOf(client)).stored).toBe(0.5 + 15.5);
  });

  it('refuses parts that are not parts of a payment (what the device schema refuses), whatever else the row holds', async () => {
    const shape = 'cada parte tem uma forma e um valor';
    const refused: [string, unknown, string][] = [
      ['not a list', { forma: 'pix', valor: 35.5 }, 'vendas_pagamentos_lista'],
      ['a text', 'pix', 'vendas_pagamentos_lista'],
      [
        'six parts',
        [
          { forma: 'dinheiro', valor: 10 },
          { forma: 'cartao', valor: 10 },
          { forma: 'pix', valor: 10 },
          { forma: 'outro', valor: 5 },
          { forma: 'fiado', valor: 0.25 },
          { forma: 'fiado', valor: 0.25 },
        ],
        'vendas_pagamentos_lista',
      ],
      ['a part that is a number', [35, { forma: 'pix', valor: 0.5 }], shape],
      [
        'an unknown method',
        [
          { forma: 'cheque', valor: 20 },
          { forma: 'dinheiro', valor: 15.5 },
        ],
        shape,
      ],
      [
        'a method that is not a text',
        [
          { forma: 1, valor: 20 },
          { forma: 'dinheiro', valor: 15.5 },
        ],
        shape,
      ],
      [
        'an amount that is a text',
        [
          { forma: 'pix', valor: '20' },
          { forma: 'dinheiro', valor: 15.5 },
        ],
        shape,
      ],
      ['an amount missing', [{ forma: 'pix' }, { forma: 'dinheiro', valor: 35.5 }], shape],
      [
        'a field of its own',
        [
          { forma: 'pix', valor: 20, troco: 0 },
          { forma: 'dinheiro', valor: 15.5 },
        ],
        shape,
      ],
      // The device writes parts in cents (partsInCents), as every amount; the server keeps them so.
      [
        'fractions of a cent',
        [
          { forma: 'pix', valor: 20.005 },
          { forma: 'dinheiro', valor: 15.495 },
        ],
        'em centavos',
      ],
    ];
    for (const [why, pagamentos, message] of refused) {
      const doc = { ...sale({}), pagamentos };
      const result = await push('vendas', [{ doc, assumed_modified: null }]);
      expect(result.rejected, why).toEqual([{ id: doc.id, code: '23514', message: expect.stringContaining(message) as unknown }]);
    }
    // A fiado sale needs its client, split or not (vendas_fiado_exige_cliente).
    const noClient = sale({
      tipo: 'fiado',
      pagamentos: [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 15.5 },
      ],
    });
    expect((await push('vendas', [{ doc: noClient, assumed_modified: null }])).rejected).toEqual([
      { id: noClient.id, code: '23514', message: expect.stringContaining('vendas_fiado_exige_cliente') as unknown },
    ]);
  });

  it('an edit whose parts no longer stand is refused, also from a device that does not know the parts', async () => {
    const client = await newClient();
    const doc = sale({
      tipo: 'fiado',
      cliente_id: client,
      forma_pagamento: 'pix',
      pagamentos: [
        { forma: 'pix', valor: 30 },
        { forma: 'fiado', valor: 5.5 },
      ],
    });
    expect((await push('vendas', [{ doc, assumed_modified: null }])).rejected).toEqual([]);
    const before = await current(doc.id);
    // An older app pushes its edit without the field: another line, a new total; the stored parts stay and no
    // longer add up.
    const older: Record<string, unknown> = { ...doc };
    delete older.pagamentos;
    const [item] = doc.itens;
    const edited = {
      ...older,
      total: 45.5,
      itens: [...doc.itens, { ...item, produto_id: randomUUID(), preco_unitario: 10, preco_total: 10 }],
    };
    expect((await push('vendas', [{ doc: edited, assumed_modified: before._modified }])).rejected).toEqual([
      { id: doc.id, code: '23514', message: expect.stringContaining(MESSAGES.parts_do_not_add_up) as unknown },
    ]);
    // Turning the sale into one paid at the counter while a part is still fiado.
    const counter = { ...doc, tipo: 'avista', cliente_id: null };
    expect((await push('vendas', [{ doc: counter, assumed_modified: before._modified }])).rejected).toEqual([
      { id: doc.id, code: '23514', message: expect.stringContaining(MESSAGES.fiado_part_type) as unknown },
    ]);
    expect(await current(doc.id)).toEqual(before);
    expect(await balanceOf(client)).toEqual({ stored: 5.5, derived: 5.5 });

    // Back to one method (null parts): the whole total is fiado again.
    expect((await push('vendas', [{ doc: { ...doc, pagamentos: null }, assumed_modified: before._modified }])).rejected).toEqual(
      [],
    );
    expect(await balanceOf(client)).toEqual({ stored: 35.5, derived: 35.5 });
  });

  it('a deleted sale is not checked, and its parts count nowhere', async () => {
    const client = await newClient();
    const doc = sale({
      tipo: 'fiado',
      cliente_id: client,
      pagamentos: [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 15.5 },
      ],
    });
    expect((await push('vendas', [{ doc, assumed_modified: null }])).rejected).toEqual([]);
    const before = await current(doc.id);
    // Deleted with a total the parts no longer match (an edit and a deletion merged on a device): taken.
    const deleted = { ...doc, total: 8, itens: [{ ...doc.itens[0], preco_unitario: 8, preco_total: 8 }], _deleted: true };
    expect((await push('vendas', [{ doc: deleted, assumed_modified: before._modified }])).rejected).toEqual([]);
    expect(await balanceOf(client)).toEqual({ stored: 0, derived: 0 });
    // A deleted row whose parts are not even parts never breaks the sums (partes_da_venda never raises).
    const junk = {
      ...sale({ tipo: 'fiado', cliente_id: client }),
      pagamentos: [7, { forma: 'pix', valor: 'x' }],
      _deleted: true,
    };
    expect((await push('vendas', [{ doc: junk, assumed_modified: null }])).rejected).toEqual([]);
    expect(await balanceOf(client)).toEqual({ stored: 0, derived: 0 });
  });

  it("partes_da_venda gives the device's partsOf: a split sale's parts, any other sale one part, its bucket", async () => {
    const sales: PaidSale[] = [
      { tipo: 'avista', forma_pagamento: 'dinheiro', total: 10 },
      { tipo: 'avista', forma_pagamento: 'cartao', total: 10.25 },
      { tipo: 'avista', forma_pagamento: 'pix', total: 0 },
      { tipo: 'avista', forma_pagamento: 'Vale', total: 3 },
      { tipo: 'avista', forma_pagamento: null, total: 3 },
      { tipo: 'fiado', forma_pagamento: 'pix', total: 7.5 },
      { tipo: 'fiado', forma_pagamento: null, total: 7.5, pagamentos: [] },
      {
        tipo: 'fiado',
        forma_pagamento: 'dinheiro',
        total: 35.5,
        pagamentos: [
          { forma: 'dinheiro', valor: 20 },
          { forma: 'fiado', valor: 15.5 },
        ],
      },
      {
        tipo: 'avista',
        forma_pagamento: 'outro',
        total: 12,
        pagamentos: [
          { forma: 'outro', valor: 2 },
          { forma: 'cartao', valor: 10 },
        ],
      },
    ];
    for (const paid of sales) {
      const { rows } = await asActor(db, owner(ownerId), (tx) =>
        tx.query<{ forma: string; valor: string }>(`SELECT forma, valor::text FROM public.partes_da_venda($1, $2, $3, $4)`, [
          paid.tipo,
          paid.forma_pagamento,
          paid.total,
          paid.pagamentos === undefined ? null : JSON.stringify(paid.pagamentos),
        ]),
      );
      const fiado = await db.query<{ valor: string }>(`SELECT public.valor_fiado_da_venda($1, $2, $3)::text AS valor`, [
        paid.tipo,
        paid.total,
        paid.pagamentos === undefined ? null : JSON.stringify(paid.pagamentos),
      ]);
      const expected = partsOf(paid);
      expect(
        rows.map((row) => ({ forma: row.forma, valor: Number(row.valor) })),
        JSON.stringify(paid),
      ).toEqual(expected);
      expect(Number(fiado.rows[0]?.valor), JSON.stringify(paid)).toBe(
        expected.filter((part) => part.forma === 'fiado').reduce((sum, part) => sum + part.valor, 0),
      );
    }
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
    const edited = {
      ...doc,
      pagamentos: [
        { forma: 'dinheiro', valor: 15 },
        { forma: 'fiado', valor: 20.5 },
      ],
    };
    expect((await push('vendas', [{ doc: edited, assumed_modified: rows[0]?._modified }])).rejected).toEqual([]);
    expect(await balanceOf(client)).toEqual({ stored: 20.5, derived: 20.5 });

    // A client's older statement shows the part the sale added to her balance.
    const { rows: statement } = await asActor(db, owner(ownerId), (tx) =>
      tx.query<{ page: { id: string; kind: string; valor: number }[] }>(`SELECT public.lancamentos_anteriores($1) AS page`, [
        client,
      ]),
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
    const whole = {
      ...sale({ tipo: 'fiado', cliente_id: client, forma_pagamento: null }),
      user_id: userId,
      hlc: hlcAt(when + 1),
    };
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
      sale({
        forma_pagamento: 'pix',
        pagamentos: [
          { forma: 'pix', valor: 30 },
          { forma: 'cartao', valor: 5.5 },
        ],
      }),
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
    expect(after).toEqual([{ vendas: 2, total: '71.00', fiado: '0.00', fiado_qtd: 0, dinheiro: '35.50', dinheiro_qtd: 1 }]);
  });

  it('older sales read online carry their parts', async () => {
    const doc = sale({
      forma_pagamento: 'pix',
      pagamentos: [
        { forma: 'pix', valor: 30 },
        { forma: 'outro', valor: 5.5 },
      ],
    });
    expect((await push('vendas', [{ doc: { ...doc, data: '2024-01-02' }, assumed_modified: null }])).rejected).toEqual([]);
    const { rows } = await asActor(db, owner(ownerId), (tx) =>
      tx.query<{ page: { id: string; pagamentos: Part[] | null }[] }>(
        `SELECT public.vendas_anteriores('2024-01-03'::date, '2024-01-02'::date) AS page`,
      ),
    );
    expect(rows[0]?.page).toEqual([expect.objectContaining({ id: doc.id, pagamentos: doc.pagamentos })]);
  });
  it("the admin's sales show a split sale's parts", async () => {
    const doc = sale({
      forma_pagamento: 'cartao',
      pagamentos: [
        { forma: 'cartao', valor: 30 },
        { forma: 'pix', valor: 5.5 },
      ],
    });
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
  it('the pull brings a sale its parts, and a sale paid by one method none', async () => {
    const split = sale({
      forma_pagamento: 'pix',
      pagamentos: [
        { forma: 'pix', valor: 35 },
        { forma: 'dinheiro', valor: 0.5 },
      ],
    });
    const single = sale({ forma_pagamento: 'pix' });
    expect(
      (
        await push(
          'vendas',
          [split, single].map((doc) => ({ doc, assumed_modified: null })),
        )
      ).rejected,
    ).toEqual([]);
    // From the start, once no row is left past the pull's horizon (a row written the same instant).
    let documents: { id: string; pagamentos: Part[] | null }[] = [];
    for (let more = true; more;) {
      const { rows } = await asActor(db, owner(ownerId), (tx) =>
        tx.query<{ answer: { documents: typeof documents; more: boolean } }>(
          `SELECT public.replicate_pull('vendas', NULL, NULL, 5000, p_versao => $1) AS answer`,
          [appVersionOf('vendas')],
        ),
      );
      const answer = rows[0]?.answer;
      if (!answer) throw new Error('replicate_pull answered nothing');
      documents = answer.documents;
      more = answer.more;
    }
    expect(documents.find((doc) => doc.id === split.id)?.pagamentos).toEqual(split.pagamentos);
    const pulled = documents.find((doc) => doc.id === single.id);
    expect(pulled).toBeDefined();
    expect(pulled?.pagamentos).toBeNull();
  });
});
