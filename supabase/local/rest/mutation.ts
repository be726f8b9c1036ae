// SQL for writes through the REST API: INSERT (bulk, upsert, missing=default), UPDATE and DELETE, each
// checked against the catalogue; values travel as one bound JSON document that Postgres converts itself.
import { ApiError } from './errors.ts';
import { conditionSql, logicSql, shapeOf, type BuildContext } from './read-builder.ts';
import { quoteIdent, quoteLiteral } from './sql.ts';
import { emptyLevel } from './query-request.ts';
import { isRecord } from './body.ts';
import type { Relation } from './catalog.ts';

/** Alias of the changed table inside mutation statements. */
export const MUTATION_ALIAS = '_m';

function table(relation: Relation): string {
  return `${quoteIdent(relation.schema)}.${quoteIdent(relation.name)}`;
}

function missingColumn(relation: Relation, name: string): ApiError {
  return new ApiError(400, 'PGRST204', `Could not find the '${name}' column of '${relation.name}' in the schema cache`);
}

export function checkColumns(relation: Relation, names: readonly string[]): void {
  for (const name of names) if (!relation.columns.has(name)) throw missingColumn(relation, name);
}

/** The body of an insert as an array of objects, and the columns it writes. */
export function insertRows(relation: Relation, body: unknown, columnsParam: string[] | null): { rows: Record<string, unknown>[]; columns: string[] } {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isRecord)) throw new ApiError(400, 'PGRST102', 'All object keys must match', 'The body must be a JSON object or an array of objects.');
  let columns = columnsParam;
  if (!columns) {
    const seen = new Set<string>();
    for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
    columns = [...seen];
  }
  checkColumns(relation, columns);
  return { rows, columns };
}

export interface InsertOptions {
  columns: string[];
  missingDefault: boolean;
  conflict: { columns: string[]; ignore: boolean } | null;
}

/** `INSERT … SELECT` from the bound JSON array, rows kept in body order. */
export function insertSql(ctx: BuildContext, relation: Relation, rowsJson: string, options: InsertOptions): string {
  const body = ctx.params.add(rowsJson);
  const target = table(relation);
  if (options.columns.length === 0) {
    return `INSERT INTO ${target} AS ${MUTATION_ALIAS} SELECT FROM json_array_elements(${body}::json)`;
  }
  const values = options.columns.map((name) => {
    const value = `_v.${quoteIdent(name)}`;
    if (!options.missingDefault) return value;
    const fallback = relation.columns.get(name)?.defaultExpression ?? 'NULL';
    return `CASE WHEN (_e.j::jsonb) ? ${quoteLiteral(name)} THEN ${value} ELSE ${fallback} END`;
  });
  let sql =
    `INSERT INTO ${target} AS ${MUTATION_ALIAS} (${options.columns.map(quoteIdent).join(', ')}) ` +
    `SELECT ${values.join(', ')} FROM json_array_elements(${body}::json) WITH ORDINALITY AS _e(j, n) ` +
    `CROSS JOIN LATERAL json_populate_record(NULL::${target}, _e.j) AS _v ORDER BY _e.n`;
  if (options.conflict) {
    const target = options.conflict.columns;
    if (target.length === 0) {
      throw new ApiError(400, 'PGRST100', 'An upsert needs on_conflict or a primary key', `'${relation.name}' has no primary key.`);
    }
    checkColumns(relation, target);
    const update = options.columns.map((name) => `${quoteIdent(name)} = EXCLUDED.${quoteIdent(name)}`);
    sql += ` ON CONFLICT (${target.map(quoteIdent).join(', ')}) `;
    sql += options.conflict.ignore || update.length === 0 ? 'DO NOTHING' : `DO UPDATE SET ${update.join(', ')}`;
  }
  return sql;
}

/** The filters of the root level as a WHERE clause on the changed table; empty when there are none. */
export function mutationWhere(ctx: BuildContext, relation: Relation): string[] {
  const level = ctx.levels.get('') ?? emptyLevel();
  if (level.limit !== null || level.offset !== null) {
    throw new ApiError(400, 'PGRST100', 'limit and offset are not supported on update or delete');
  }
  const shape = shapeOf(relation);
  return [
    ...level.conditions.map((condition) => conditionSql(ctx, shape, MUTATION_ALIAS, condition)),
    ...level.logic.map((tree) => logicSql(ctx, shape, MUTATION_ALIAS, tree)),
  ];
}

function requireWhere(where: string[], verb: 'UPDATE' | 'DELETE'): void {
  if (where.length === 0) throw new ApiError(400, '21000', `${verb} requires a WHERE clause`);
}

export function updateSql(ctx: BuildContext, relation: Relation, body: unknown): string | null {
  if (!isRecord(body)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'An update body must be one JSON object.');
  const columns = Object.keys(body);
  checkColumns(relation, columns);
  const where = mutationWhere(ctx, relation);
  requireWhere(where, 'UPDATE');
  if (columns.length === 0) return null;
  const target = table(relation);
  const values = ctx.params.add(JSON.stringify(body));
  const set = columns.map((name) => `${quoteIdent(name)} = _v.${quoteIdent(name)}`).join(', ');
  return `UPDATE ${target} AS ${MUTATION_ALIAS} SET ${set} FROM json_populate_record(NULL::${target}, ${values}::json) AS _v WHERE ${where.join(' AND ')}`;
}

export function deleteSql(ctx: BuildContext, relation: Relation): string {
  const where = mutationWhere(ctx, relation);
  requireWhere(where, 'DELETE');
  return `DELETE FROM ${table(relation)} AS ${MUTATION_ALIAS} WHERE ${where.join(' AND ')}`;
}
