// RxDB's own Supabase replication plugin (rxdb/plugins/replication-supabase, not our sync engine) against the local
// stack, on a table whose ids start with `{` or `"`, hold quotes, spaces and accents: the first pull in small
// batches (its checkpoint filters carry those ids), a push of new and changed documents, and the live pull of a
// change made on the server, with no error and so no retry.
import { randomUUID } from 'node:crypto';
import { createRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema } from 'rxdb';
import { replicateSupabase, type RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURE = `
CREATE TABLE fz_notas (
  id text PRIMARY KEY,
  texto text NOT NULL,
  _deleted boolean NOT NULL DEFAULT false,
  _modified timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE FUNCTION fz_marcar_modificacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW._modified := clock_timestamp(); RETURN NEW; END $$;
CREATE TRIGGER fz_marcar_modificacao BEFORE INSERT OR UPDATE ON fz_notas
  FOR EACH ROW EXECUTE FUNCTION fz_marcar_modificacao();
GRANT ALL ON fz_notas TO anon, authenticated, service_role;
ALTER PUBLICATION supabase_realtime ADD TABLE fz_notas;
`;

/** Ids a client may well pick: what PostgREST's filter grammar must read as plain values. */
const SERVER_IDS = ['{abc', '"aspas', 'meio"aspas', 'com espaço', 'ação ✓', "o'clock", '}fecha', '{a}b', 'simples'];
const DEVICE_IDS = ['{novo', '"outra', 'pão de queijo', 'üñí ☕'];

interface Nota {
  id: string;
  texto: string;
}

const schema: RxJsonSchema<Nota> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 }, texto: { type: 'string' } },
  required: ['id', 'texto'],
};

let stack: TestStack;
let database: RxDatabase<{ notas: RxCollection<Nota> }>;
let replication: RxSupabaseReplicationState<Nota>;
const errors: unknown[] = [];

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await check()); waited += 25) {
    if (waited > 10_000) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.exec(FIXTURE);
  stack = await startTestStack({ db });
  for (const id of SERVER_IDS) await db.query(`INSERT INTO fz_notas (id, texto) VALUES ($1, $2)`, [id, `servidor ${id}`]);
  database = await createRxDatabase({
    name: `rx-supabase-${randomUUID().slice(0, 8)}`,
    storage: getRxStorageMemory(),
    multiInstance: false,
  });
  await database.addCollections({ notas: { schema } });
  replication = replicateSupabase<Nota>({
    replicationIdentifier: 'notas-no-stack',
    collection: database.notas,
    client: stack.serviceClient(),
    tableName: 'fz_notas',
    waitForLeadership: false,
    live: true,
    // Two a batch: every checkpoint filter carries one of the ids above.
    pull: { batchSize: 2 },
    push: { batchSize: 2 },
  });
  replication.error$.subscribe((error) => errors.push(error));
});

afterAll(async () => {
  await replication.cancel();
  await database.remove();
  await stack.close();
  await stack.db.close();
});

describe('RxDB’s Supabase replication plugin against the stack', () => {
  it('pulls every row in batches of two, whatever the ids', async () => {
    await replication.awaitInitialReplication();
    const local = await database.notas.find().exec();
    expect(local.map((doc) => doc.id).sort()).toEqual([...SERVER_IDS].sort());
    expect(errors).toEqual([]);
  });

  it('pushes new and changed documents', async () => {
    await database.notas.bulkInsert(DEVICE_IDS.map((id) => ({ id, texto: `aparelho ${id}` })));
    const changed = await database.notas.findOne('"aspas').exec();
    await changed?.incrementalPatch({ texto: 'mudou no aparelho' });
    await replication.awaitInSync();
    const { rows } = await stack.db.query<{ id: string; texto: string }>(
      `SELECT id, texto FROM fz_notas ORDER BY id COLLATE "C"`,
    );
    const server = Object.fromEntries(rows.map((row) => [row.id, row.texto]));
    for (const id of DEVICE_IDS) expect(server[id]).toBe(`aparelho ${id}`);
    expect(server['"aspas']).toBe('mudou no aparelho');
    expect(rows).toHaveLength(SERVER_IDS.length + DEVICE_IDS.length);
    expect(errors).toEqual([]);
  });

  it('pulls live what changes on the server', async () => {
    await stack.db.query(`UPDATE fz_notas SET texto = 'mudou no servidor' WHERE id = '{abc'`);
    await stack.db.query(`INSERT INTO fz_notas (id, texto) VALUES ('{ao vivo', 'novo no servidor')`);
    await until(async () => (await database.notas.findOne('{ao vivo').exec())?.texto === 'novo no servidor', 'the new row');
    await until(async () => (await database.notas.findOne('{abc').exec())?.texto === 'mudou no servidor', 'the change');
    expect(errors).toEqual([]);
  });
});
