// Embedding by a foreign key's own name, as PostgREST allows it in both directions: the referenced row
// (`pedidos?select=*,pedidos_cliente_fkey(*)`) and the rows that point at the parent
// (`clientes?select=*,pedidos_cliente_fkey(*)`), besides the key's name as a hint (`pedidos!pedidos_cliente_fkey`).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURE = `
CREATE SCHEMA embeds;
GRANT USAGE ON SCHEMA embeds TO service_role;
CREATE TABLE embeds.clientes (id int PRIMARY KEY, nome text NOT NULL);
CREATE TABLE embeds.pedidos (
  id int PRIMARY KEY,
  cliente int NOT NULL CONSTRAINT pedidos_cliente_fkey REFERENCES embeds.clientes (id),
  total numeric NOT NULL);
GRANT SELECT ON ALL TABLES IN SCHEMA embeds TO service_role;
INSERT INTO embeds.clientes VALUES (1, 'Maria'), (2, 'João');
INSERT INTO embeds.pedidos VALUES (10, 1, 12.5), (11, 1, 3), (12, 2, 7);
`;

let db: Database;
let stack: TestStack;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec(FIXTURE);
  stack = await startTestStack({ db, config: { restSchemas: ['public', 'embeds'] } });
});

afterAll(async () => {
  await stack.close();
  await db.close();
});

const embeds = () => stack.serviceClient().schema('embeds');

it('embeds the referenced row by the key name', async () => {
  const { data, error } = await embeds().from('pedidos').select('id, pedidos_cliente_fkey(nome)').eq('id', 12);
  expect(error).toBeNull();
  expect(data).toEqual([{ id: 12, pedidos_cliente_fkey: { nome: 'João' } }]);
});

it('embeds the rows pointing at the parent by the key name', async () => {
  const { data, error } = await embeds()
    .from('clientes')
    .select('nome, pedidos_cliente_fkey(id)')
    .eq('id', 1)
    .order('id', { referencedTable: 'pedidos_cliente_fkey' });
  expect(error).toBeNull();
  expect(data).toEqual([{ nome: 'Maria', pedidos_cliente_fkey: [{ id: 10 }, { id: 11 }] }]);
});

it('takes the key name as a hint', async () => {
  const { data, error } = await embeds().from('clientes').select('nome, pedidos!pedidos_cliente_fkey(total)').eq('id', 2);
  expect(error).toBeNull();
  expect(data).toEqual([{ nome: 'João', pedidos: [{ total: 7 }] }]);
});
