// The cash received kept with a sale (0038): stored as sent, refused below zero, and never erased by a device on an
// older schema that pushes the sale again without the field (an edit of its own, or a merge after a conflict).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';
import { asActor, createUser, owner, sampleRow } from './helpers.ts';

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

async function push(rows: unknown[]): Promise<PushResult> {
  const { rows: result } = await asActor(db, owner(ownerId), (tx) =>
    tx.query<{ result: PushResult }>(`SELECT public.replicate_push('vendas', $1) AS result`, [JSON.stringify(rows)]),
  );
  const value = result[0]?.result;
  if (!value) throw new Error('replicate_push answered nothing');
  return value;
}

async function stored(id: string): Promise<{ valor_recebido: string | null; forma_pagamento: string; _modified: string }> {
  const { rows } = await db.query<{ valor_recebido: string | null; forma_pagamento: string; _modified: string }>(
    `SELECT valor_recebido::text, forma_pagamento, _modified::text FROM public.vendas WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error(`venda ${id} não gravada`);
  return row;
}

const cashSale = () => ({ ...sampleRow('vendas').row, forma_pagamento: 'dinheiro', user_id: ownerId });

describe('vendas.valor_recebido', () => {
  it('keeps the cash received of a new sale, alone or in a batch', async () => {
    const one = randomUUID();
    expect(await push([{ doc: { id: one, ...cashSale(), valor_recebido: 20 }, assumed_modified: null }])).toMatchObject({
      rejected: [],
    });
    expect((await stored(one)).valor_recebido).toBe('20.00');
    const [a, b] = [randomUUID(), randomUUID()];
    await push([
      { doc: { id: a, ...cashSale(), valor_recebido: 50 }, assumed_modified: null },
      { doc: { id: b, ...cashSale(), valor_recebido: null }, assumed_modified: null },
    ]);
    expect((await stored(a)).valor_recebido).toBe('50.00');
    expect((await stored(b)).valor_recebido).toBeNull();
  });

  it('refuses a negative amount received', async () => {
    const id = randomUUID();
    const result = await push([{ doc: { id, ...cashSale(), valor_recebido: -1 }, assumed_modified: null }]);
    expect(result.rejected).toEqual([expect.objectContaining({ id, code: '23514' })]);
  });

  it('an older device editing the sale without the field leaves the amount received as it was', async () => {
    const id = randomUUID();
    await push([{ doc: { id, ...cashSale(), valor_recebido: 20 }, assumed_modified: null }]);
    const before = await stored(id);
    // The older schema drops the unknown field when it pulls, and pushes its edit (and any merge) without it.
    const olderCopy = { id, ...cashSale(), forma_pagamento_descricao: null };
    expect(await push([{ doc: { ...olderCopy, data: '2025-03-02' }, assumed_modified: before._modified }])).toEqual({
      conflicts: [],
      rejected: [],
    });
    const after = await stored(id);
    expect(after._modified).not.toBe(before._modified);
    expect(after.valor_recebido).toBe('20.00');
    // Its edit starting from a stale version comes back as a conflict carrying the amount for a newer device.
    const stale = await push([{ doc: { ...olderCopy, data: '2025-03-03' }, assumed_modified: before._modified }]);
    expect(stale.conflicts).toEqual([expect.objectContaining({ id, valor_recebido: 20 })]);
  });
});
