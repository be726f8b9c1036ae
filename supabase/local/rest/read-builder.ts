// Turns a parsed read request into one SQL statement whose JSON is built by Postgres itself: columns, aliases,
// casts, JSON paths, embeds through foreign keys (as LATERAL joins), filters, logic trees, order and paging.
import { ApiError } from './errors.ts';
import { arrayElements, regexRisk, TOO_COMPLEX } from './regex-guard.ts';
import { embedSource, findRelationship, type Relationship } from './relationships.ts';
import { emptyLevel, type LevelModifiers } from './query-request.ts';
import { Params, arrayLiteral, quoteIdent, quoteLiteral } from './sql.ts';
import type { Column, ComputedField, Relation, SchemaCache } from './catalog.ts';
import type { Condition, Field, LogicTree, OrderTerm, SelectItem } from './grammar.ts';

/** What rows are read from: a table, a CTE of changed rows, or a function's result. */
export interface Shape {
  /** The catalogue relation, when the rows have one (needed to embed). */
  relation: Relation | null;
  name: string;
  columns: Map<string, Column>;
  /** Computed fields of the relation (functions of its row), read by name like columns. */
  computed?: Map<string, ComputedField>;
}

export function shapeOf(relation: Relation): Shape {
  return { relation, name: relation.name, columns: relation.columns, computed: relation.computed };
}

export interface BuildContext {
  cache: SchemaCache;
  params: Params;
  levels: Map<string, LevelModifiers>;
  /** Level paths that matched an embed (the rest are reported as PGRST108). */
  usedLevels: Set<string>;
  nextAlias: number;
  /** Rows the embeds of the statement may build together (counted as they are built); null: no limit. */
  maxEmbeddedRows: number | null;
}

export function newContext(
  cache: SchemaCache,
  levels: Map<string, LevelModifiers>,
  options: { params?: Params; maxEmbeddedRows?: number | null } = {},
): BuildContext {
  return {
    cache,
    params: options.params ?? new Params(),
    levels,
    usedLevels: new Set(['']),
    nextAlias: 0,
    maxEmbeddedRows: options.maxEmbeddedRows ?? null,
  };
}

/**
 * The rows of one embed, counted against the statement's budget as they are built: past it the statement stops
 * with 54000 (bootstrap/30_rest_limits.sql). `value` is what the embed yields, `rows` how many rows went into it.
 */
function counted(ctx: BuildContext, value: string, rows: string): string {
  return ctx.maxEmbeddedRows === null ? value : `_rest.embedded(${value}, ${rows}, ${ctx.maxEmbeddedRows})`;
}

function countedRows(ctx: BuildContext, rows: string): string {
  return ctx.maxEmbeddedRows === null ? rows : `_rest.embedded_count(${rows}, ${ctx.maxEmbeddedRows})`;
}

/** The parts of one SELECT; rendered once for rows and once (without paging) for the count. */
export interface SelectParts {
  projection: string[];
  /** Output keys, in order (spread embeds need them). */
  outputs: string[];
  from: string;
  joins: string[];
  where: string[];
  orderBy: string[];
  /** Grouping expressions when the level aggregates (every selected column that is not an aggregate). */
  groupBy: string[];
  aggregated: boolean;
  limit: number | null;
  offset: number | null;
}

export function renderSelect(parts: SelectParts, options: { paging: boolean; projection?: string } = { paging: true }): string {
  const projection = options.projection ?? parts.projection.join(', ');
  let sql = `SELECT ${projection} FROM ${parts.from}`;
  if (parts.joins.length > 0) sql += ` ${parts.joins.join(' ')}`;
  if (parts.where.length > 0) sql += ` WHERE ${parts.where.join(' AND ')}`;
  if (parts.aggregated && parts.groupBy.length > 0) sql += ` GROUP BY ${parts.groupBy.join(', ')}`;
  if (options.paging) {
    if (parts.orderBy.length > 0) sql += ` ORDER BY ${parts.orderBy.join(', ')}`;
    if (parts.limit !== null) sql += ` LIMIT ${parts.limit}`;
    if (parts.offset !== null && parts.offset > 0) sql += ` OFFSET ${parts.offset}`;
  }
  return sql;
}

function unknownColumn(shape: Shape, name: string): ApiError {
  return new ApiError(400, '42703', `column ${shape.name}.${name} does not exist`);
}

export function column(shape: Shape, name: string): Column {
  const found = shape.columns.get(name) ?? shape.computed?.get(name)?.column;
  if (!found) throw unknownColumn(shape, name);
  return found;
}

function jsonKey(key: string): string {
  return /^-?\d+$/.test(key) ? key : quoteLiteral(key);
}

export function fieldSql(shape: Shape, alias: string, field: Field): string {
  column(shape, field.name);
  const computed = shape.columns.has(field.name) ? undefined : shape.computed?.get(field.name);
  // A computed field is its function called with the whole row.
  let sql = computed ? `${computed.functionSql}(${alias})` : `${alias}.${quoteIdent(field.name)}`;
  for (const step of field.jsonPath) sql += `${step.arrow}${jsonKey(step.key)}`;
  return sql;
}

const COMPARISON: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const PATTERN: Record<string, string> = { like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*' };
const GEOMETRY: Record<string, string> = { cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxl: '&>', nxr: '&<', adj: '-|-' };
const TEXT_SEARCH: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function valueText(condition: Condition): string {
  if (condition.value.kind !== 'text') throw new ApiError(400, 'PGRST100', `"failed to parse filter (${condition.operator})"`);
  return condition.value.text;
}

/** PostgREST lets `*` stand for `%` in like patterns (it is awkward in URLs). */
function likePattern(text: string, operator: string): string {
  return operator === 'like' || operator === 'ilike' ? text.replaceAll('*', '%') : text;
}

/** Refuses a match/imatch pattern whose shape would hold Postgres (PGlite: the whole stack) for minutes. */
function guardRegex(condition: Condition): void {
  if (condition.operator !== 'match' && condition.operator !== 'imatch') return;
  const text = valueText(condition);
  const patterns = condition.quantifier ? arrayElements(text.startsWith('{') ? text : `{${text}}`) : [text];
  for (const pattern of patterns) {
    const risk = regexRisk(pattern);
    if (risk) throw new ApiError(400, '2201B', TOO_COMPLEX, `refused before reaching the database: ${risk}`);
  }
}

export function conditionSql(ctx: BuildContext, shape: Shape, alias: string, condition: Condition): string {
  const lhs = fieldSql(shape, alias, condition.field);
  const { operator, value } = condition;
  guardRegex(condition);
  const p = (v: unknown) => ctx.params.add(v);
  let sql: string;
  if (value.kind === 'is') {
    sql = `${lhs} IS ${value.value === 'not_null' ? 'NOT NULL' : value.value.toUpperCase()}`;
  } else if (operator === 'in') {
    const items = value.kind === 'list' ? value.items : [];
    sql = `${lhs} = ANY(${p(arrayLiteral(items))})`;
  } else if (condition.quantifier) {
    const symbol = COMPARISON[operator] ?? PATTERN[operator] ?? '=';
    const text = valueText(condition);
    const items = text.startsWith('{') && text.endsWith('}') ? text : `{${text}}`;
    sql = `${lhs} ${symbol} ${condition.quantifier.toUpperCase()}(${p(likePattern(items, operator))})`;
  } else if (operator in COMPARISON) {
    sql = `${lhs} ${COMPARISON[operator]} ${p(valueText(condition))}`;
  } else if (operator in PATTERN) {
    sql = `${lhs} ${PATTERN[operator]} ${p(likePattern(valueText(condition), operator))}`;
  } else if (operator === 'isdistinct') {
    sql = `${lhs} IS DISTINCT FROM ${p(valueText(condition))}`;
  } else if (operator in GEOMETRY) {
    sql = `${lhs} ${GEOMETRY[operator]} ${p(valueText(condition))}`;
  } else {
    const fn = TEXT_SEARCH[operator] ?? 'to_tsquery';
    const isVector = condition.field.jsonPath.length === 0 && column(shape, condition.field.name).udt === 'tsvector';
    const language = condition.language ? `${p(condition.language)}::regconfig, ` : '';
    const vector = isVector ? lhs : `to_tsvector(${language}${lhs})`;
    sql = `${vector} @@ ${fn}(${language}${p(valueText(condition))})`;
  }
  return condition.negated ? `NOT (${sql})` : sql;
}

export function logicSql(ctx: BuildContext, shape: Shape, alias: string, tree: LogicTree): string {
  const parts = tree.children.map((child) =>
    child.kind === 'condition' ? conditionSql(ctx, shape, alias, child.condition) : logicSql(ctx, shape, alias, child.tree),
  );
  const sql = `(${parts.join(tree.operator === 'and' ? ' AND ' : ' OR ')})`;
  return tree.negated ? `NOT ${sql}` : sql;
}

interface BuiltEmbed {
  key: string;
  relationship: Relationship;
  alias: string;
}

/** `count` where no column or computed field has that name: PostgREST's legacy count of the rows. */
function isLegacyCount(shape: Shape, field: Field): boolean {
  return field.name === 'count' && field.jsonPath.length === 0 && !shape.columns.has('count') && !shape.computed?.has('count');
}

function orderSql(shape: Shape, alias: string, term: OrderTerm, embeds: Map<string, BuiltEmbed>): string {
  let expression: string;
  if (term.embed) {
    const embed = embeds.get(term.embed);
    if (!embed) {
      throw new ApiError(
        400,
        'PGRST108',
        `'${term.embed}' is not an embedded resource in this request`,
        null,
        `Verify that '${term.embed}' is included in the 'select' query parameter.`,
      );
    }
    if (!embed.relationship.toOne) {
      throw new ApiError(
        400,
        'PGRST118',
        `A related order on '${term.embed}' is not possible`,
        `'${shape.name}' and '${embed.relationship.target.name}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    const target = shapeOf(embed.relationship.target);
    const inner = `${embed.alias}_o`;
    const value = fieldSql(target, inner, term.field);
    const source = embedSource(embed.relationship, alias);
    const on = source.join(inner);
    expression = `(SELECT ${value} FROM ${source.from} AS ${inner}${on.length > 0 ? ` WHERE ${on.join(' AND ')}` : ''} LIMIT 1)`;
  } else {
    expression = fieldSql(shape, alias, term.field);
  }
  const direction = term.direction === 'desc' ? ' DESC' : term.direction === 'asc' ? ' ASC' : '';
  const nulls = term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : '';
  return `${expression}${direction}${nulls}`;
}

/**
 * Builds one level: the root rows, or the rows of an embed joined to `parentAlias`. `from` is the SQL of the
 * rows (a table name, a CTE name or a function call) and `path` the embed keys leading here.
 */
export function buildLevel(
  ctx: BuildContext,
  shape: Shape,
  from: string,
  items: readonly SelectItem[],
  path: readonly string[],
  join: ((alias: string) => string[]) | null = null,
): SelectParts {
  const alias = `_t${ctx.nextAlias++}`;
  const level = ctx.levels.get(path.join('.')) ?? emptyLevel();
  const parts: SelectParts = {
    projection: [],
    outputs: [],
    from: `${from} AS ${alias}`,
    joins: [],
    where: join ? join(alias) : [],
    orderBy: [],
    groupBy: [],
    aggregated: false,
    limit: level.limit,
    offset: level.offset,
  };
  const embeds = new Map<string, BuiltEmbed>();
  // An embed this level filters on (`!inner`, `embed=is.null`) is joined, so the filter can read it; so is every
  // embed of an aggregating level. Any other is a subquery of the output, evaluated only for the rows returned
  // (after order and limit), never for rows the page leaves out.
  const filteredEmbeds = new Set(
    level.conditions
      .filter((condition) => condition.field.jsonPath.length === 0 && !shape.columns.has(condition.field.name))
      .map((condition) => condition.field.name),
  );
  const aggregating = items.some(
    (item) => item.kind === 'column' && (item.aggregate !== undefined || isLegacyCount(shape, item.field)),
  );
  for (const item of items) {
    if (item.kind === 'star') {
      parts.projection.push(`${alias}.*`);
      parts.outputs.push(...shape.columns.keys());
    } else if (item.kind === 'column') {
      // `count` where no column or computed field has that name: PostgREST's legacy count of the rows (of an
      // embed: `messages(count)` → `[{"count": 2}]`), allowed even with aggregates off.
      const legacyCount = isLegacyCount(shape, item.field);
      const aggregate = item.aggregate;
      let sql = legacyCount || (aggregate && item.field.name === '') ? 'count(*)' : fieldSql(shape, alias, item.field);
      if (item.cast && !(aggregate && item.field.name === '')) sql = `(${sql})::${item.cast}`;
      if (aggregate && item.field.name !== '') sql = `${aggregate.fn}(${sql})`;
      if (aggregate?.cast) sql = `(${sql})::${aggregate.cast}`;
      if (aggregate || legacyCount) parts.aggregated = true;
      else parts.groupBy.push(sql);
      const key = item.alias ?? (aggregate ? aggregate.fn : (item.field.jsonPath.at(-1)?.key ?? item.field.name));
      parts.projection.push(`${sql} AS ${quoteIdent(key)}`);
      parts.outputs.push(key);
    } else {
      if (!shape.relation) {
        throw new ApiError(
          400,
          'PGRST200',
          `Could not find a relationship between '${shape.name}' and '${item.name}' in the schema cache`,
        );
      }
      const relationship = findRelationship(ctx.cache, shape.relation, item.name, item.hint);
      const key = item.alias ?? item.name;
      // PostgREST names each embed's join after it: the same name twice (`clientes!a(*),clientes!b(*)` without
      // aliases) is Postgres's duplicate alias error.
      if (!item.spread && embeds.has(key)) {
        throw new ApiError(400, '42712', `table name "${key}" specified more than once`);
      }
      const childPath = [...path, key];
      ctx.usedLevels.add(childPath.join('.'));
      const target = relationship.target;
      const source = embedSource(relationship, alias);
      const child = buildLevel(ctx, shapeOf(target), source.from, item.items, childPath, source.join);
      const embedAlias = `_e${ctx.nextAlias++}`;
      const inner = item.joinType === 'inner';
      if (relationship.toOne) {
        child.limit = child.limit ?? 1;
      }
      if (item.spread && !relationship.toOne) {
        // Spread of a to-many embed: each of its columns becomes an array of the related rows' values.
        const arrays = child.outputs.map((output) => `json_agg(_x.${quoteIdent(output)}) AS ${quoteIdent(output)}`);
        parts.joins.push(
          `LEFT JOIN LATERAL (SELECT ${[`${countedRows(ctx, 'count(*)')} AS _n`, ...arrays].join(', ')} FROM (${renderSelect(child)}) _x) AS ${embedAlias} ON true`,
        );
        if (inner) parts.where.push(`${embedAlias}._n > 0`);
        for (const output of child.outputs) {
          parts.projection.push(`coalesce(${embedAlias}.${quoteIdent(output)}, '[]'::json) AS ${quoteIdent(output)}`);
          parts.outputs.push(output);
        }
      } else if (item.spread) {
        const spread = ctx.maxEmbeddedRows === null ? renderSelect(child) : renderSelect(withCountedRows(ctx, child));
        parts.joins.push(`${inner ? '' : 'LEFT '}JOIN LATERAL (${spread}) AS ${embedAlias} ON true`);
        for (const output of child.outputs) {
          parts.projection.push(`${embedAlias}.${quoteIdent(output)} AS ${quoteIdent(output)}`);
          parts.outputs.push(output);
        }
      } else {
        const body = relationship.toOne ? counted(ctx, 'to_json(_x)', '1') : counted(ctx, 'json_agg(_x)', 'count(*)');
        const rows = `SELECT ${body} AS body FROM (${renderSelect(child)}) _x`;
        // A to-one embed given its own limit may yield several rows (each its own output row): joined, as before.
        const joined =
          inner || filteredEmbeds.has(key) || aggregating || item.items.length === 0 || (relationship.toOne && child.limit !== 1);
        if (joined) parts.joins.push(`LEFT JOIN LATERAL (${rows}) AS ${embedAlias} ON true`);
        if (inner) parts.where.push(`${embedAlias}.body IS NOT NULL`);
        if (item.items.length > 0) {
          const value = joined ? `${embedAlias}.body` : `(${rows})`;
          parts.projection.push(`${relationship.toOne ? value : `coalesce(${value}, '[]'::json)`} AS ${quoteIdent(key)}`);
          parts.outputs.push(key);
        }
        embeds.set(key, { key, relationship, alias: embedAlias });
      }
    }
  }
  for (const condition of level.conditions) {
    const embed =
      condition.field.jsonPath.length === 0 && !shape.columns.has(condition.field.name)
        ? embeds.get(condition.field.name)
        : undefined;
    if (embed) {
      if (condition.value.kind !== 'is' || (condition.value.value !== 'null' && condition.value.value !== 'not_null')) {
        throw new ApiError(400, 'PGRST120', `Only is null or not is null filters are allowed on embedded resources`);
      }
      const isNull = (condition.value.value === 'null') !== condition.negated;
      parts.where.push(`${embed.alias}.body IS ${isNull ? 'NULL' : 'NOT NULL'}`);
    } else {
      parts.where.push(conditionSql(ctx, shape, alias, condition));
    }
  }
  for (const tree of level.logic) parts.where.push(logicSql(ctx, shape, alias, tree));
  for (const term of level.order ?? []) parts.orderBy.push(orderSql(shape, alias, term, embeds));
  return parts;
}

/** The rows of a spread to-one embed, each counted against the statement's budget as it is built. */
function withCountedRows(ctx: BuildContext, child: SelectParts): SelectParts {
  return { ...child, where: [...child.where, `${countedRows(ctx, '1')} = 1`] };
}

/** Refuses filters, order or paging aimed at an embed that the select does not contain. */
export function assertLevelsUsed(ctx: BuildContext): void {
  for (const key of ctx.levels.keys()) {
    if (ctx.usedLevels.has(key)) continue;
    const name = key.split('.').at(-1) ?? key;
    throw new ApiError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    );
  }
}

/**
 * Wraps the root level into the statement the gateway runs: one row with the total count (when asked), the
 * number of rows and the JSON body as text.
 */
export function renderResponseQuery(
  parts: SelectParts,
  options: { count: boolean; body: boolean; stripNulls: boolean; with?: string; extra?: string; csv?: boolean },
): string {
  const total = options.count
    ? `(SELECT count(*) FROM (${renderSelect(parts, { paging: false, projection: '1' })}) _c)`
    : 'NULL::bigint';
  let body = `coalesce(json_agg(_r), '[]'::json)`;
  if (options.stripNulls) body = `json_strip_nulls(${body})`;
  if (options.csv) {
    // PostgREST's CSV: the column names (none when no row), a line break, then each row as Postgres writes a
    // record without its parentheses (quoted where needed, NULL empty), one per line.
    const header = `CASE WHEN count(*) = 0 THEN '' ELSE ${quoteLiteral(parts.outputs.join(','))} END`;
    body = `${header} || chr(10) || coalesce(string_agg(substring(_r::text, 2, length(_r::text) - 2), chr(10)), '')`;
  }
  const prefix = options.with ? `WITH ${options.with} ` : '';
  const extra = options.extra ? `, ${options.extra}` : '';
  return `${prefix}SELECT ${total} AS total, count(*) AS page_total, ${options.body ? `${body}::text` : 'NULL::text'} AS body${extra} FROM (${renderSelect(parts)}) _r`;
}
