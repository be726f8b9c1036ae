// Which captured rows a subscriber may read: one query per drained batch and caller, asked through the
// caller's row-level security, with each row found by its primary key (so the key's index is used).
import type { Database } from '../db/database.ts';
import { asCallerStatement, type Caller } from '../request-context.ts';
import { quoteIdent, type CapturedChange } from './capture.ts';
import type { TableShape } from './table-catalog.ts';

type Row = Record<string, unknown>;

/** Rows of one table to check, each given by its primary key values. */
interface TableRows {
  schema: string;
  table: string;
  shape: TableShape;
  keys: Row[];
  /** The row key (see `rowKey`) of each entry of `keys`, in the same order. */
  rowKeys: string[];
  seen: Set<string>;
}

/** Identifies one row of one table within a batch. */
export function rowKey(change: CapturedChange, shape: TableShape): string {
  const record = change.record ?? change.old_record ?? {};
  return `${change.schema}.${change.table}\u0000${JSON.stringify(shape.primaryKey.map((column) => record[column]))}`;
}

function tableQuery(rows: TableRows, group: number, param: number): string {
  const table = `${quoteIdent(rows.schema)}.${quoteIdent(rows.table)}`;
  const { primaryKey, keyTypes } = rows.shape;
  const casts = primaryKey
    .map((column, index) => `(k.key ->> ${quoteLiteral(column)})::${keyTypes[index] ?? 'text'} AS c${index}`)
    .join(', ');
  const where = primaryKey.map((column, index) => `t.${quoteIdent(column)} = k.c${index}`).join(' AND ');
  // The keys are cast before the join (OFFSET 0 keeps the subquery apart): a plain, leakproof comparison with
  // the key column lets the planner probe the primary key index under the policies instead of scanning.
  return `SELECT k.g, k.n
          FROM (SELECT ${group}::int AS g, k.n::int AS n, ${casts}
                FROM jsonb_array_elements($${param}::jsonb) WITH ORDINALITY AS k(key, n) OFFSET 0) k
          WHERE EXISTS (SELECT 1 FROM ${table} t WHERE ${where})`;
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

async function visibleIn(
  db: Database,
  caller: Pick<Caller, 'role' | 'claims'>,
  groups: readonly TableRows[],
): Promise<{ g: number; n: number }[]> {
  const sql = groups.map((rows, index) => tableQuery(rows, index, index + 1)).join('\nUNION ALL\n');
  const params = groups.map((rows) => JSON.stringify(rows.keys));
  const { rows } = await asCallerStatement<{ g: number; n: number }>(db, caller, { sql, params }, { readOnly: true });
  return rows;
}

/**
 * The keys (see `rowKey`) of the changed rows the caller can read now. A deletion is never asked (the row is
 * gone): the caller of `visibleRows` decides those by owner. A table the caller may not read at all hides
 * its rows without hiding the other tables'.
 */
export async function visibleRows(
  db: Database,
  caller: Pick<Caller, 'role' | 'claims'>,
  changes: readonly { change: CapturedChange; shape: TableShape }[],
): Promise<Set<string>> {
  const byTable = new Map<string, TableRows>();
  for (const { change, shape } of changes) {
    if (change.type === 'DELETE' || shape.primaryKey.length === 0) continue;
    const name = `${change.schema}.${change.table}`;
    let rows = byTable.get(name);
    if (!rows) {
      rows = { schema: change.schema, table: change.table, shape, keys: [], rowKeys: [], seen: new Set() };
      byTable.set(name, rows);
    }
    const key = rowKey(change, shape);
    if (rows.seen.has(key)) continue;
    rows.seen.add(key);
    const record = change.record ?? {};
    rows.keys.push(Object.fromEntries(shape.primaryKey.map((column) => [column, record[column]])));
    rows.rowKeys.push(key);
  }
  const groups = [...byTable.values()];
  const visible = new Set<string>();
  if (groups.length === 0) return visible;
  const collect = (found: { g: number; n: number }[], offset: number) => {
    for (const { g, n } of found) {
      // WITH ORDINALITY counts from 1.
      const key = groups[g + offset]?.rowKeys[n - 1];
      if (key !== undefined) visible.add(key);
    }
  };
  try {
    collect(await visibleIn(db, caller, groups), 0);
  } catch {
    // One table the caller may not read fails the whole statement: ask table by table instead.
    for (let index = 0; index < groups.length; index++) {
      const group = groups[index];
      if (!group) continue;
      await visibleIn(db, caller, [group]).then(
        (found) => {
          collect(found, index);
        },
        () => undefined,
      );
    }
  }
  return visible;
}
