// Column types and primary keys of the tables Realtime reports on, read once from the catalogue.
import type { Database } from '../db/database.ts';

export interface TableShape {
  columns: { name: string; type: string }[];
  primaryKey: string[];
  /** The SQL type of each primary key column, to cast a key read from JSON back (so its index is used). */
  keyTypes: string[];
}

export function createTableCatalog(db: Database) {
  const cache = new Map<string, Promise<TableShape>>();

  async function read(schema: string, table: string): Promise<TableShape> {
    const { rows } = await db.query<{ name: string; type: string; sql_type: string; is_key: boolean }>(
      `SELECT a.attname AS name, t.typname AS type, format_type(a.atttypid, a.atttypmod) AS sql_type,
              COALESCE(a.attnum = ANY (i.indkey), false) AS is_key
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
       WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped
       ORDER BY a.attnum`,
      [schema, table],
    );
    return {
      columns: rows.map(({ name, type }) => ({ name, type })),
      primaryKey: rows.filter((row) => row.is_key).map((row) => row.name),
      keyTypes: rows.filter((row) => row.is_key).map((row) => row.sql_type),
    };
  }

  return {
    describe(schema: string, table: string): Promise<TableShape> {
      const key = `${schema}.${table}`;
      let shape = cache.get(key);
      if (!shape) {
        shape = read(schema, table);
        cache.set(key, shape);
      }
      return shape;
    },
  };
}
