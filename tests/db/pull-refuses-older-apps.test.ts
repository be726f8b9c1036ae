// The pull never hands rows to an app that would misread them (9007_pull_refuses_older_apps.sql): each pull says
// which version of the table's rows the app reads; a sale needs version 4 (its payment parts), so an app older than
// that, or older than the check and saying nothing, is refused with 'app_outdated' and 'Atualize o app', while the
// tables it reads well go on. Nobody but the pull reads or changes the minimums.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';
import { appVersionOf, asActor, createUser, owner, sampleRow } from './helpers.ts';

let db: Database;
let ownerId: string;
let saleId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  ownerId = await createUser(db);
  saleId = randomUUID();
  const doc: Record<string, unknown> = { id: saleId, user_id: ownerId, ...sampleRow('vendas').row };
  const columns = Object.keys(doc);
  await db.query(
    `INSERT INTO public.vendas (${columns.join(', ')})
     SELECT ${columns.map((column) => `r.${column}`).join(', ')} FROM jsonb_populate_record(NULL::public.vendas, $1::jsonb) r`,
    [JSON.stringify(doc)],
  );
});
afterAll(async () => {
  await db.close();
});

/** The owner's first pull of `table`, saying `version` (nothing when undefined): its answer, or the error. */
async function pullSaying(table: string, version: number | undefined): Promise<{ ids: string[] } | { error: Record<string, unknown> }> {
  try {
    const { rows } = await asActor(db, owner(ownerId), (tx) =>
      version === undefined
        ? tx.query<{ answer: { documents: { id: string }[] } }>(`SELECT public.replicate_pull($1, NULL, NULL, 500) AS answer`, [table])
        : tx.query<{ answer: { documents: { id: string }[] } }>(
            `SELECT public.replicate_pull($1, NULL, NULL, 500, p_versao => $2) AS answer`,
            [table, version],
          ),
    );
    return { ids: (rows[0]?.answer.documents ?? []).map((doc) => doc.id) };
  } catch (error) {
    return { error: error as Record<string, unknown> };
  }
}

describe('a pull from an app older than the rows', () => {
  it('of sales is refused with app_outdated and the hint to update, saying nothing or an older version', async () => {
    for (const version of [undefined, 0, 3]) {
      const answer = await pullSaying('vendas', version);
      expect(answer, `version ${String(version)}`).toMatchObject({
        error: { code: 'PT426', message: 'app_outdated', hint: 'Atualize o app' },
      });
    }
  });

  it('of sales is answered to the app that reads their parts', async () => {
    expect(appVersionOf('vendas')).toBe(4);
    expect(await pullSaying('vendas', appVersionOf('vendas'))).toEqual({ ids: [saleId] });
  });

  it('of a table whose rows every version reads is answered, whatever the app says', async () => {
    expect(await pullSaying('produtos', undefined)).toEqual({ ids: [] });
    expect(await pullSaying('produtos', 1)).toEqual({ ids: [] });
  });

  it('follows the minimum the server keeps: raised past this app, this app is refused too', async () => {
    await db.query(`UPDATE public.versoes_minimas_app SET versao = 5 WHERE tabela = 'vendas'`);
    try {
      expect(await pullSaying('vendas', appVersionOf('vendas'))).toMatchObject({ error: { code: 'PT426' } });
    } finally {
      await db.query(`UPDATE public.versoes_minimas_app SET versao = 4 WHERE tabela = 'vendas'`);
    }
    expect(await pullSaying('vendas', appVersionOf('vendas'))).toEqual({ ids: [saleId] });
  });

  it('cannot be avoided by an owner lowering the minimum: nobody but the pull reads or changes it', async () => {
    for (const sql of [
      `SELECT * FROM public.versoes_minimas_app`,
      `UPDATE public.versoes_minimas_app SET versao = 0`,
      `DELETE FROM public.versoes_minimas_app`,
    ]) {
      await expect(asActor(db, owner(ownerId), (tx) => tx.query(sql)), sql).rejects.toMatchObject({ code: '42501' });
    }
    const { rows } = await db.query<{ versao: number }>(`SELECT versao FROM public.versoes_minimas_app WHERE tabela = 'vendas'`);
    expect(rows).toEqual([{ versao: 4 }]);
  });
});
