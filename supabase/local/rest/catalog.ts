// The schema cache: tables, views, columns, keys, foreign keys and functions of the exposed schemas and the API
// roles' settings, read from pg_catalog once and reloaded on `NOTIFY pgrst`, on demand, or when a name is not found.
import type { Database } from '../db/database.ts';
import { quoteIdent } from './sql.ts';

export interface Column {
  name: string;
  /** `format_type` of the column, e.g. `timestamp with time zone`, `text[]`. */
  type: string;
  /** The base type's name, e.g. `tsvector`, `_text`. */
  udt: string;
  /** The default expression as Postgres prints it, or null. */
  defaultExpression: string | null;
}

export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints, each a set of column names. */
  uniqueKeys: string[][];
  /**
   * Computed fields: functions of the exposed schemas taking only this relation's row and returning one scalar
   * (`full_name(people)`), selectable, filterable and orderable by name, never part of `*`.
   */
  computed: Map<string, ComputedField>;
  /** Computed relationships: functions of this row returning a table's or view's rows, embedded by their name. */
  computedRelationships: Map<string, { functionSql: string; target: string; toOne: boolean }>;
}

export interface ComputedField {
  /** The function, schema-qualified and quoted, to call with the row. */
  functionSql: string;
  /** Its result as a column (for casts of filter values). */
  column: Column;
}

export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  foreignSchema: string;
  foreignTable: string;
  foreignColumns: string[];
}

export interface RoutineArgument {
  name: string;
  type: string;
  variadic: boolean;
  hasDefault: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  /** Input arguments in declaration order. */
  args: RoutineArgument[];
  returnsSet: boolean;
  returnKind: 'void' | 'scalar' | 'composite';
  /** The exposed table or view whose row type the function returns, for embedding on its results. */
  returnRelation: string | null;
  /** Output columns of a composite result. */
  outColumns: Column[];
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  schemas: readonly string[];
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
  /**
   * Settings of each API role (`ALTER ROLE anon SET statement_timeout = '3s'`), those made for this database over
   * those made for every database: PostgREST's impersonated role settings, applied to each request's transaction.
   */
  roleSettings: Map<string, (readonly [string, string])[]>;
}

export const keyOf = (schema: string, name: string): string => `${schema}.${name}`;

interface RelationRow {
  schema: string;
  name: string;
  kind: string;
  columns: { name: string; type: string; udt: string; default: string | null }[];
  keys: { primary: boolean; columns: string[] }[];
}

interface ForeignKeyRow {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  foreign_schema: string;
  foreign_table: string;
  foreign_columns: string[];
}

interface RoutineRow {
  schema: string;
  name: string;
  args: { name: string; type: string; mode: string }[];
  default_count: number;
  returns_set: boolean;
  return_type: string;
  return_typtype: string;
  return_schema: string;
  return_relation: string | null;
  return_columns: { name: string; type: string; udt: string }[] | null;
  volatility: string;
  /** The table or view whose row type the only input argument has (a computed field's candidate). */
  row_arg_schema: string | null;
  row_arg_relation: string | null;
  return_udt: string;
  /** The planner's rows estimate (`ROWS 1` makes a computed relationship to-one). */
  estimated_rows: number;
}

const RELATIONS_SQL = `
SELECT n.nspname AS schema, c.relname AS name, c.relkind::text AS kind,
  (SELECT coalesce(json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
            'udt', t.typname, 'default', CASE
              -- An identity column has no pg_attrdef entry: its default is the next value of its sequence.
              WHEN a.attidentity IN ('a', 'd') THEN format('nextval(%L::regclass)',
                pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
              ELSE pg_get_expr(d.adbin, d.adrelid) END) ORDER BY a.attnum), '[]')
     FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
     LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns,
  (SELECT coalesce(json_agg(json_build_object('primary', k.contype = 'p',
            'columns', (SELECT json_agg(a.attname ORDER BY u.i) FROM unnest(k.conkey) WITH ORDINALITY u(num, i)
                          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = u.num))), '[]')
     FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype IN ('p', 'u')) AS keys
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`;

const FOREIGN_KEYS_SQL = `
SELECT k.conname AS name, n.nspname AS schema, c.relname AS table,
  (SELECT json_agg(a.attname ORDER BY u.i) FROM unnest(k.conkey) WITH ORDINALITY u(num, i)
     JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.num) AS columns,
  fn.nspname AS foreign_schema, fc.relname AS foreign_table,
  (SELECT json_agg(a.attname ORDER BY u.i) FROM unnest(k.confkey) WITH ORDINALITY u(num, i)
     JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.num) AS foreign_columns
FROM pg_constraint k
JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_class fc ON fc.oid = k.confrelid JOIN pg_namespace fn ON fn.oid = fc.relnamespace
WHERE k.contype = 'f' AND n.nspname = ANY($1) AND fn.nspname = ANY($1)
ORDER BY k.conname`;

/** Which base-table column each view of the exposed schemas reads (from its rewrite rule's dependencies). */
const VIEW_COLUMNS_SQL = `
SELECT DISTINCT vn.nspname AS view_schema, v.relname AS view_name, tn.nspname AS table_schema, t.relname AS table_name,
  a.attname AS column_name
FROM pg_class v
JOIN pg_namespace vn ON vn.oid = v.relnamespace
JOIN pg_rewrite r ON r.ev_class = v.oid
JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid AND d.refclassid = 'pg_class'::regclass
  AND d.refobjsubid > 0
JOIN pg_class t ON t.oid = d.refobjid AND t.oid <> v.oid
JOIN pg_namespace tn ON tn.oid = t.relnamespace
JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
WHERE v.relkind IN ('v', 'm') AND vn.nspname = ANY($1)`;

interface ViewColumnRow {
  view_schema: string;
  view_name: string;
  table_schema: string;
  table_name: string;
  column_name: string;
}

/**
 * The foreign keys of views, inferred from their base tables as PostgREST does: a view that shows a table's key
 * columns under the same names takes part in that key's relationships, on either side (views that rename the
 * columns, or chains of views, are not followed).
 */
function viewForeignKeys(keys: ForeignKey[], rows: ViewColumnRow[], relations: Map<string, Relation>): ForeignKey[] {
  /** For each base table, the views that show a set of its columns. */
  const viewsOf = new Map<string, { view: Relation; columns: Set<string> }[]>();
  const grouped = new Map<string, { view: Relation; table: string; columns: Set<string> }>();
  for (const row of rows) {
    const view = relations.get(keyOf(row.view_schema, row.view_name));
    if (!view?.columns.has(row.column_name)) continue;
    const table = keyOf(row.table_schema, row.table_name);
    const id = `${keyOf(view.schema, view.name)}|${table}`;
    const entry = grouped.get(id) ?? { view, table, columns: new Set<string>() };
    entry.columns.add(row.column_name);
    grouped.set(id, entry);
  }
  for (const { view, table, columns } of grouped.values()) viewsOf.set(table, [...(viewsOf.get(table) ?? []), { view, columns }]);
  const shown = (table: string, needed: string[]) =>
    (viewsOf.get(table) ?? []).filter(({ columns }) => needed.every((column) => columns.has(column))).map(({ view }) => view);
  const inferred: ForeignKey[] = [];
  for (const fk of keys) {
    const sources = [{ schema: fk.schema, name: fk.table }, ...shown(keyOf(fk.schema, fk.table), fk.columns)];
    const targets = [
      { schema: fk.foreignSchema, name: fk.foreignTable },
      ...shown(keyOf(fk.foreignSchema, fk.foreignTable), fk.foreignColumns),
    ];
    for (const [index, source] of sources.entries()) {
      for (const [targetIndex, target] of targets.entries()) {
        if (index === 0 && targetIndex === 0) continue;
        inferred.push({
          ...fk,
          schema: source.schema,
          table: source.name,
          foreignSchema: target.schema,
          foreignTable: target.name,
        });
      }
    }
  }
  return inferred;
}

const ROUTINES_SQL = `
SELECT n.nspname AS schema, p.proname AS name,
  (SELECT coalesce(json_agg(json_build_object('name', coalesce(p.proargnames[a.i], ''), 'type', format_type(a.t, NULL),
            'mode', coalesce(p.proargmodes[a.i]::text, 'i')) ORDER BY a.i), '[]')
     FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY a(t, i)) AS args,
  p.pronargdefaults::int AS default_count, p.proretset AS returns_set,
  format_type(p.prorettype, NULL) AS return_type, rt.typtype::text AS return_typtype,
  rn.nspname AS return_schema,
  CASE WHEN rc.relkind IN ('r', 'p', 'v', 'm', 'f') THEN rc.relname END AS return_relation,
  (SELECT json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'udt', t.typname)
            ORDER BY a.attnum)
     FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
    WHERE a.attrelid = rt.typrelid AND a.attnum > 0 AND NOT a.attisdropped) AS return_columns,
  p.provolatile::text AS volatility, rt.typname AS return_udt, p.prorows::float8 AS estimated_rows,
  CASE WHEN p.pronargs = 1 THEN (SELECT an.nspname FROM pg_type at JOIN pg_class ac ON ac.oid = at.typrelid
     JOIN pg_namespace an ON an.oid = ac.relnamespace WHERE at.oid = p.proargtypes[0]) END AS row_arg_schema,
  CASE WHEN p.pronargs = 1 THEN (SELECT ac.relname FROM pg_type at JOIN pg_class ac ON ac.oid = at.typrelid
     WHERE at.oid = p.proargtypes[0]) END AS row_arg_relation
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_type rt ON rt.oid = p.prorettype
JOIN pg_namespace rn ON rn.oid = rt.typnamespace
LEFT JOIN pg_class rc ON rc.oid = rt.typrelid
WHERE n.nspname = ANY($1) AND p.prokind = 'f'`;

const ROLE_SETTINGS_SQL = `
SELECT r.rolname AS role, s.setconfig AS settings
FROM pg_db_role_setting s
JOIN pg_roles r ON r.oid = s.setrole
WHERE r.rolname IN ('anon', 'authenticated', 'service_role')
  AND (s.setdatabase = 0 OR s.setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database()))
ORDER BY s.setdatabase`;

async function readRoleSettings(db: Database): Promise<Map<string, (readonly [string, string])[]>> {
  const { rows } = await db.query<{ role: string; settings: string[] | null }>(ROLE_SETTINGS_SQL);
  const byRole = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const settings = byRole.get(row.role) ?? new Map<string, string>();
    for (const entry of row.settings ?? []) {
      const split = entry.indexOf('=');
      if (split > 0) settings.set(entry.slice(0, split), entry.slice(split + 1));
    }
    byRole.set(row.role, settings);
  }
  return new Map([...byRole].map(([role, settings]) => [role, [...settings]]));
}

function toRoutine(row: RoutineRow, schemas: readonly string[]): Routine {
  const inputs = row.args.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
  const outputs = row.args.filter((arg) => arg.mode === 'o' || arg.mode === 'b' || arg.mode === 't');
  const firstDefault = inputs.length - row.default_count;
  const volatility = row.volatility === 'i' ? 'immutable' : row.volatility === 's' ? 'stable' : 'volatile';
  let returnKind: Routine['returnKind'] = 'scalar';
  let outColumns: Column[] = [];
  if (outputs.length > 0) {
    // OUT and TABLE parameters make a record even when there is only one of them (Postgres then reports its type).
    returnKind = 'composite';
    outColumns = outputs.map((arg) => ({ name: arg.name, type: arg.type, udt: arg.type, defaultExpression: null }));
  } else if (row.return_type === 'void') returnKind = 'void';
  else if (row.return_typtype === 'c') {
    returnKind = 'composite';
    outColumns = (row.return_columns ?? []).map((c) => ({ name: c.name, type: c.type, udt: c.udt, defaultExpression: null }));
  }
  return {
    schema: row.schema,
    name: row.name,
    args: inputs.map((arg, index) => ({
      name: arg.name,
      type: arg.type,
      variadic: arg.mode === 'v',
      hasDefault: index >= firstDefault,
    })),
    returnsSet: row.returns_set,
    returnKind,
    returnRelation:
      row.return_relation && schemas.includes(row.return_schema) ? keyOf(row.return_schema, row.return_relation) : null,
    outColumns,
    volatility,
  };
}

export async function readSchemaCache(db: Database, schemas: readonly string[]): Promise<SchemaCache> {
  const relationRows = (await db.query<RelationRow>(RELATIONS_SQL, [schemas])).rows;
  const foreignKeyRows = (await db.query<ForeignKeyRow>(FOREIGN_KEYS_SQL, [schemas])).rows;
  const routineRows = (await db.query<RoutineRow>(ROUTINES_SQL, [schemas])).rows;
  const viewColumnRows = (await db.query<ViewColumnRow>(VIEW_COLUMNS_SQL, [schemas])).rows;
  const relations = new Map<string, Relation>();
  for (const row of relationRows) {
    const primary = row.keys.find((key) => key.primary)?.columns ?? [];
    relations.set(keyOf(row.schema, row.name), {
      schema: row.schema,
      name: row.name,
      kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table',
      columns: new Map(
        row.columns.map((c) => [c.name, { name: c.name, type: c.type, udt: c.udt, defaultExpression: c.default }]),
      ),
      primaryKey: primary,
      uniqueKeys: row.keys.map((key) => key.columns),
      computed: new Map(),
      computedRelationships: new Map(),
    });
  }
  for (const row of routineRows) {
    const relation = row.row_arg_relation ? relations.get(keyOf(row.row_arg_schema ?? '', row.row_arg_relation)) : undefined;
    if (!relation || row.return_type === 'void' || row.args.some((arg) => arg.mode !== 'i')) continue;
    const functionSql = `${quoteIdent(row.schema)}.${quoteIdent(row.name)}`;
    const returned = row.return_relation ? keyOf(row.return_schema, row.return_relation) : null;
    if (returned && relations.has(returned)) {
      relation.computedRelationships.set(row.name, {
        functionSql,
        target: returned,
        toOne: !row.returns_set || row.estimated_rows === 1,
      });
      continue;
    }
    if (row.returns_set || row.return_typtype === 'c') continue;
    relation.computed.set(row.name, {
      functionSql,
      column: { name: row.name, type: row.return_type, udt: row.return_udt, defaultExpression: null },
    });
  }
  const routines = new Map<string, Routine[]>();
  for (const row of routineRows) {
    const key = keyOf(row.schema, row.name);
    routines.set(key, [...(routines.get(key) ?? []), toRoutine(row, schemas)]);
  }
  const foreignKeys = foreignKeyRows.map((row) => ({
    name: row.name,
    schema: row.schema,
    table: row.table,
    columns: row.columns,
    foreignSchema: row.foreign_schema,
    foreignTable: row.foreign_table,
    foreignColumns: row.foreign_columns,
  }));
  foreignKeys.push(...viewForeignKeys(foreignKeys, viewColumnRows, relations));
  return { schemas, relations, foreignKeys, routines, roleSettings: await readRoleSettings(db) };
}

/**
 * Keeps the schema cache current: loaded at start, reloaded on `NOTIFY pgrst`, on demand, and when a request
 * names something unknown (once per request at most; concurrent misses share one reload).
 */
export class CatalogHolder {
  private current: Promise<SchemaCache> | null = null;
  private loadStartedAt = 0;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    readonly schemas: readonly string[],
  ) {}

  get(): Promise<SchemaCache> {
    this.current ??= this.load();
    return this.current;
  }

  reload(): Promise<SchemaCache> {
    this.current = this.load();
    return this.current;
  }

  /** Reloads unless a load began after `since` (the request's arrival); tells whether the cache may have changed. */
  async reloadAfterMiss(since: number): Promise<boolean> {
    if (this.loadStartedAt < since) await this.reload();
    else await this.current;
    return true;
  }

  /** PostgREST's convention: `NOTIFY pgrst, 'reload schema'` (or `'reload config'`, for role settings) refreshes the cache. */
  async listen(): Promise<void> {
    this.stopListening = await this.db.listen('pgrst', (payload) => {
      if (payload === '' || payload === 'reload schema' || payload === 'reload config') void this.reload().catch(() => undefined);
    });
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
  }

  private load(): Promise<SchemaCache> {
    this.loadStartedAt = performance.now();
    const loading = readSchemaCache(this.db, this.schemas);
    loading.catch(() => {
      if (this.current === loading) this.current = null;
    });
    return loading;
  }
}
