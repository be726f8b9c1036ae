// Schema parity: every property of schemas/*.json is a column of its SQL table with the same name, type
// family and nullability, and every column is a property (the revision stamp is `server_modified` on
// devices, `_deleted` is RxDB's own deletion flag).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionNames, collectionSchemas, ownerCollectionNames } from '../../schemas/index.ts';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';

interface Column {
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
}

interface Property {
  type?: string | string[];
}

const FAMILY: Record<string, string> = {
  text: 'string',
  'character varying': 'string',
  uuid: 'string',
  date: 'string',
  'timestamp with time zone': 'string',
  numeric: 'number',
  integer: 'number',
  bigint: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  jsonb: 'array|object',
};

/** The SQL view of a device property: `server_modified` is the server's `_modified`. */
const columnOf = (property: string) => (property === 'server_modified' ? '_modified' : property);

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

async function columns(table: string): Promise<Map<string, Column>> {
  const { rows } = await db.query<Column>(
    `SELECT column_name, data_type, is_nullable FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1`,
    [table],
  );
  return new Map(rows.map((row) => [row.column_name, row]));
}

describe('schemas/*.json ↔ SQL tables', () => {
  it('covers the twelve replicated collections', () => {
    expect([...collectionNames].sort()).toEqual([
      'bases_contadores',
      'clientes',
      'despesa_categorias',
      'despesas',
      'fechamentos_caixa',
      'fiado_lancamentos',
      'fornecedores',
      'historico_estoque',
      'notificacoes',
      'produtos',
      'resumos_dia',
      'vendas',
    ]);
  });

  for (const name of collectionNames) {
    it(`${name}: same columns, type families and nullability in both directions`, async () => {
      const schema = collectionSchemas[name];
      const sql = await columns(name);
      expect(sql.size, `tabela ${name} existe`).toBeGreaterThan(0);
      const properties = Object.entries(schema.properties) as [string, Property][];
      const required = new Set(schema.required);

      for (const [property, definition] of properties) {
        const column = sql.get(columnOf(property));
        expect(column, `${name}.${property} existe no SQL`).toBeDefined();
        if (!column) continue;
        const types = (Array.isArray(definition.type) ? definition.type : [definition.type ?? '']).filter((t) => t !== 'null');
        const family = FAMILY[column.data_type];
        expect(family, `${name}.${property}: tipo SQL ${column.data_type} conhecido`).toBeDefined();
        for (const type of types) {
          expect(family?.split('|'), `${name}.${property}: ${type} ↔ ${column.data_type}`).toContain(
            type === 'integer' ? 'number' : type,
          );
        }
        if (property === 'server_modified') {
          // Null on a device until the first pull; always set on the server.
          expect(column.is_nullable).toBe('NO');
          continue;
        }
        const jsonNullable = Array.isArray(definition.type) && definition.type.includes('null');
        expect(column.is_nullable === 'YES', `${name}.${property}: anulável igual`).toBe(jsonNullable);
        if (required.has(property)) expect(column.is_nullable, `${name}.${property}: obrigatório`).toBe('NO');
      }

      const known = new Set([...properties.map(([property]) => columnOf(property)), '_deleted']);
      for (const column of sql.keys()) expect(known.has(column), `${name}.${column} está no JSON`).toBe(true);
      expect(sql.get('_deleted')?.data_type).toBe('boolean');
      expect(sql.get('_deleted')?.is_nullable).toBe('NO');
    });
  }

  it('has the replication machinery on every replicated table', async () => {
    const { rows } = await db.query<{ tablename: string }>(
      `SELECT tablename FROM pg_publication_tables WHERE pubname = 'supabase_realtime' AND schemaname = 'public'`,
    );
    const published = new Set(rows.map((row) => row.tablename));
    const { rows: secured } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `SELECT c.relname, c.relrowsecurity FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r'`,
    );
    for (const name of collectionNames) expect(published.has(name), `${name} publicada`).toBe(true);
    for (const table of secured) expect(table.relrowsecurity, `RLS em ${table.relname}`).toBe(true);
    // The owner's rows default to the caller; the server-derived ones are written by the server, for an owner.
    const { rows: defaults } = await db.query<{ table_name: string; column_default: string | null }>(
      `SELECT table_name, column_default FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'user_id' AND table_name = ANY ($1)`,
      [ownerCollectionNames],
    );
    for (const row of defaults) expect(row.column_default, `${row.table_name}.user_id`).toBe('auth.uid()');
  });
});
