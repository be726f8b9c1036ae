// The replication push writes only the caller's own rows, also for the admin (who may read every owner's rows):
// on every replicated table his push of an owner's row, edited or new, alone or in a batch, is refused and
// changes nothing, while his own new rows are written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';
import { REPLICATED_TABLES, asActor, createUser, owner, sampleRow, type Actor, type ReplicatedTable } from './helpers.ts';

let db: Database;
let ownerId: string;
let adminId: string;
let admin: Actor;
beforeAll(async () => {
  db = await createTestDatabase();
  ownerId = await createUser(db);
  adminId = await createUser(db);
  admin = { ...owner(adminId), admin: true };
});
afterAll(async () => {
  await db.close();
});

interface PushResult {
  conflicts: unknown[];
  rejected: { id: string; code: string }[];
}

async function push(actor: Actor, table: string, rows: unknown[]): Promise<PushResult> {
  const { rows: result } = await asActor(db, actor, (tx) =>
    tx.query<{ result: PushResult }>(`SELECT public.replicate_push($1, $2) AS result`, [table, JSON.stringify(rows)]),
  );
  const value = result[0]?.result;
  if (!value) throw new Error('replicate_push answered nothing');
  return value;
}

async function storedRow(table: string, id: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query(`SELECT * FROM public.${table} WHERE id = $1`, [id]);
  return rows[0];
}

/** A row of the owner's, written as her device would (notifications, which owners never write, by the server). */
async function ownersRow(table: ReplicatedTable): Promise<Record<string, unknown>> {
  const id = randomUUID();
  const { row } = sampleRow(table);
  if (table === 'notificacoes') {
    await db.query(`INSERT INTO public.notificacoes (id, user_id, tipo, mensagem) VALUES ($1, $2, $3, $4)`, [
      id,
      ownerId,
      row.tipo,
      row.mensagem,
    ]);
  } else {
    expect(await push(owner(ownerId), table, [{ doc: { id, user_id: ownerId, ...row }, assumed_modified: null }])).toEqual({
      conflicts: [],
      rejected: [],
    });
  }
  const stored = await storedRow(table, id);
  if (!stored) throw new Error(`the owner's ${table} row was not written`);
  return stored;
}

/** What a push answered, its refusals reduced to the document and the SQLSTATE. */
const outcome = ({ conflicts, rejected }: PushResult) => ({
  conflicts,
  rejected: rejected.map(({ id, code }) => ({ id, code })),
});
const refused = (...ids: string[]) => ({ conflicts: [], rejected: ids.map((id) => ({ id, code: '42501' })) });

describe.each(REPLICATED_TABLES)('an admin pushing %s', (table) => {
  it('cannot change an owner’s row, nor write new rows in her name', async () => {
    const before = await ownersRow(table);
    const id = String(before.id);
    const { row, edit } = sampleRow(table);

    // The edit of a device that saw the current version, with and without naming the owner.
    const assumed = new Date(String(before._modified)).toISOString();
    expect(outcome(await push(admin, table, [{ doc: { id, ...edit }, assumed_modified: assumed }]))).toEqual(refused(id));
    expect(outcome(await push(admin, table, [{ doc: { id, user_id: ownerId, ...edit }, assumed_modified: assumed }]))).toEqual(
      refused(id),
    );
    // A version the device never saw: refused as well, not handed back as a conflict to merge.
    expect(outcome(await push(admin, table, [{ doc: { id, ...edit }, assumed_modified: null }]))).toEqual(refused(id));
    expect(await storedRow(table, id)).toEqual(before);

    // New rows in the owner's name, one alone and a batch of new documents.
    const [single, first, second] = [randomUUID(), randomUUID(), randomUUID()];
    expect(
      outcome(await push(admin, table, [{ doc: { id: single, user_id: ownerId, ...row }, assumed_modified: null }])),
    ).toEqual(refused(single));
    const batch = await push(admin, table, [
      { doc: { id: first, user_id: ownerId, ...row }, assumed_modified: null },
      { doc: { id: second, user_id: ownerId, ...row }, assumed_modified: null },
    ]);
    expect(batch.rejected.map((refusal) => refusal.code)).toEqual(['42501', '42501']);
    expect(await Promise.all([single, first, second].map((newId) => storedRow(table, newId)))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('an admin pushing his own rows', () => {
  it('writes them as any owner’s push does', async () => {
    const id = randomUUID();
    const { row } = sampleRow('clientes');
    expect(await push(admin, 'clientes', [{ doc: { id, ...row }, assumed_modified: null }])).toEqual({
      conflicts: [],
      rejected: [],
    });
    expect(await storedRow('clientes', id)).toMatchObject({ id, user_id: adminId, nome: row.nome });
  });
});
