// The PostgREST-compatible gateway at /rest/v1: tables and views (read, insert, upsert, update, delete) and
// functions (/rpc), each request run as its caller in one transaction so row-level security decides.
import { BodyTooLarge, isClientGone, readBodyBytes, readBodyText } from '../request-body.ts';
import {
  asCaller,
  asCallerStatement,
  GatewayError,
  identifyCaller,
  type Caller,
  type CallerOptions,
  type DatabaseRole,
} from '../request-context.ts';
import { json, type RequestInfo, type StackContext, type StackService } from '../service.ts';
import { CatalogHolder, keyOf, type Relation, type SchemaCache } from './catalog.ts';
import { ApiError, toApiError } from './errors.ts';
import { parseAccept, parsePrefer, parseRangeHeader, profileSchema, type AcceptedFormat, type Preferences } from './prefer.ts';
import { emptyLevel, parseQuery, type QueryRequest } from './query-request.ts';
import {
  assertLevelsUsed,
  buildLevel,
  newContext,
  renderResponseQuery,
  renderSelect,
  shapeOf,
  type BuildContext,
} from './read-builder.ts';
import { deleteSql, insertRows, insertSql, MUTATION_ALIAS, updateSql } from './mutation.ts';
import {
  argumentNames,
  findRoutine,
  RAW_BODY_TYPES,
  rawBodyRoutine,
  routineCall,
  scalarStatement,
  takesWholeBody,
  type RoutineCall,
} from './rpc.ts';
import { DEFAULT_MAX_BODY_BYTES, isRecord, readJsonBody } from './body.ts';
import {
  contentRange,
  JSON_TYPE,
  OBJECT_TYPE,
  rangeStatus,
  respond,
  shapeBody,
  toCount,
  unwrapSingle,
  type StatementRow,
} from './responses.ts';
import { describeApi } from './openapi.ts';
import { quoteIdent } from './sql.ts';
import { CallerGate } from './caller-gate.ts';
import { CALLER_CONCURRENCY, CALLER_TURN_PAUSE_MS, DEFAULT_REST_LIMITS, type RestLimits } from './limits.ts';
import type { Queryable } from '../db/database.ts';

export interface RestOptions {
  /** Exposed schemas; the first is the default profile. */
  schemas?: string[];
  maxBodyBytes?: number;
  /** Aggregate functions in select (`amount.sum()`), off by default as in PostgREST (db-aggregates-enabled). */
  aggregates?: boolean;
  /** What one request may make the database build (limits.ts); unset ones keep their defaults. */
  limits?: Partial<RestLimits>;
}

export interface RestService extends StackService {
  /** Re-reads the schema cache (after DDL run outside the migrations). */
  reloadSchema(): Promise<void>;
}

/** Thrown inside the transaction to undo it while still answering (Prefer: tx=rollback). */
class RollbackWith extends Error {
  constructor(readonly row: StatementRow) {
    super('rollback requested by Prefer: tx=rollback');
  }
}

interface Call {
  request: Request;
  url: URL;
  method: string;
  caller: Caller;
  schema: string;
  prefer: Preferences;
  accept: AcceptedFormat;
  /** `performance.now()` when the request arrived. */
  startedAt: number;
  /** The settings of the caller's role, for its transaction (statement_timeout…). */
  roleSettings: readonly (readonly [string, string])[];
  /** Fires when the client hangs up: its statement is cancelled, or never starts. */
  signal: AbortSignal;
}

/** A request stopped by a limit (too much to build, the role's statement_timeout): the caller's doing, not a fault. */
const isLimit = (error: ApiError): boolean => error.code === '54000' || error.code === '57014';

/** Where count=estimated turns from the exact count to the planner's: Supabase's default db-max-rows. */
export const ESTIMATED_COUNT_THRESHOLD = 1000;
const CSV_TYPE = 'text/csv; charset=utf-8';

/** max-affected with handling=strict: a statement that affects more rows than allowed is undone (PGRST124). */
function refuseOverMaxAffected(affected: number, maxAffected: number): void {
  if (affected > maxAffected) {
    throw new ApiError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    );
  }
}

export function createRestService(ctx: StackContext, options: RestOptions = {}): RestService {
  const schemas = options.schemas ?? ['public'];
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const limits: RestLimits = { ...DEFAULT_REST_LIMITS, ...options.limits };
  const selectOptions = { aggregates: options.aggregates ?? false, maxEmbedDepth: limits.maxEmbedDepth };
  const buildOptions = { maxEmbeddedRows: limits.maxEmbeddedRows };
  const catalog = new CatalogHolder(ctx.db, schemas);
  const gate = new CallerGate(limits.callerConcurrency ?? CALLER_CONCURRENCY[ctx.db.engine], CALLER_TURN_PAUSE_MS[ctx.db.engine]);

  function headersOf(call: Call, contentType = JSON_TYPE): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': contentType };
    if (call.prefer.applied.length > 0) headers['preference-applied'] = call.prefer.applied.join(', ');
    return headers;
  }

  async function run(
    call: Call,
    sql: string,
    params: readonly unknown[],
    readOnly: boolean,
    check?: (row: StatementRow) => void,
    /** Runs first, in the same transaction and role (the planner's estimate of a count). */
    prepare?: (tx: Queryable) => Promise<void>,
  ): Promise<StatementRow> {
    const options: CallerOptions = {
      readOnly,
      headers: Object.fromEntries(call.request.headers),
      method: call.method,
      path: call.url.pathname,
      roleSettings: call.roleSettings,
      signal: call.signal,
    };
    const empty: StatementRow = { total: null, page_total: 0, body: null };
    if (!check && !prepare && !call.prefer.rollback) {
      // Nothing to decide between the statement and the commit: everything goes to the database at once.
      const { rows } = await asCallerStatement<StatementRow>(ctx.db, call.caller, { sql, params }, options);
      return withinResponseLimit(rows[0] ?? empty);
    }
    try {
      return await asCaller(
        ctx.db,
        call.caller,
        async (tx: Queryable) => {
          await prepare?.(tx);
          const { rows } = await tx.query<StatementRow>(sql, params);
          const row = withinResponseLimit(rows[0] ?? empty);
          check?.(row);
          if (call.prefer.rollback) throw new RollbackWith(row);
          return row;
        },
        options,
      );
    } catch (error) {
      if (error instanceof RollbackWith) return error.row;
      throw error;
    }
  }

  /** Refuses a body over the response limit (54000, as the database's "too complex" errors) instead of sending it. */
  function withinResponseLimit(row: StatementRow): StatementRow {
    const limit = limits.maxResponseBytes;
    // A character takes one to three bytes in UTF-8: only a body near the limit needs counting.
    if (limit === null || row.body === null || row.body.length * 3 <= limit) return row;
    const bytes = Buffer.byteLength(row.body);
    if (bytes <= limit) return row;
    throw new ApiError(
      500,
      '54000',
      `the response would be larger than ${limit} bytes`,
      `The response body has ${bytes} bytes.`,
      'Select fewer columns or rows, or page through them with limit and offset.',
    );
  }

  /** PostgREST's db-max-rows: the top level of a read returns at most that many rows, whatever the page asked. */
  function capRows(query: QueryRequest): void {
    if (limits.maxRows === null) return;
    const root = query.levels.get('') ?? emptyLevel();
    query.levels.set('', root);
    root.limit = Math.min(root.limit ?? Infinity, limits.maxRows);
  }

  async function relationFor(call: Call, schema: string, name: string): Promise<{ cache: SchemaCache; relation: Relation }> {
    let cache = await catalog.get();
    let relation = cache.relations.get(keyOf(schema, name));
    if (!relation && (await catalog.reloadAfterMiss(call.startedAt))) {
      cache = await catalog.get();
      relation = cache.relations.get(keyOf(schema, name));
    }
    if (!relation) {
      const similar = [...cache.relations.values()].find(
        (r) => r.schema === schema && (r.name.startsWith(name) || name.startsWith(r.name)),
      );
      throw new ApiError(
        404,
        'PGRST205',
        `Could not find the table '${schema}.${name}' in the schema cache`,
        null,
        similar ? `Perhaps you meant the table '${schema}.${similar.name}'` : null,
      );
    }
    return { cache, relation };
  }

  function applyRange(call: Call, query: QueryRequest): void {
    const range = parseRangeHeader(call.request.headers);
    if (!range) return;
    const root = query.levels.get('') ?? emptyLevel();
    query.levels.set('', root);
    const offset = Math.max(range.offset, root.offset ?? 0);
    const ends = [
      range.limit === null ? Infinity : range.offset + range.limit,
      root.limit === null ? Infinity : (root.offset ?? 0) + root.limit,
    ];
    const end = Math.min(...ends);
    root.offset = offset;
    root.limit = end === Infinity ? null : Math.max(0, end - offset);
  }

  /** Answers a read: array or object, Content-Range, 206 for partial pages when counted. */
  function readResponse(call: Call, query: QueryRequest, row: StatementRow, singleObject = false): Response {
    const rows = Number(row.page_total);
    const total = toCount(row.total);
    const lower = query.levels.get('')?.offset ?? 0;
    const status = rangeStatus(lower, rows, total);
    const singular = call.accept.singular;
    let body = call.accept.csv ? row.body : shapeBody(row.body, rows, singular);
    if (singleObject && body !== null && !singular) body = rows === 0 ? 'null' : unwrapSingle(body);
    const headers = headersOf(call, call.accept.csv ? CSV_TYPE : singular ? OBJECT_TYPE : JSON_TYPE);
    headers['content-range'] = contentRange(lower, rows, total);
    return respond(singular ? 200 : status, call.method === 'HEAD' ? null : body, headers);
  }

  async function read(call: Call, name: string): Promise<Response> {
    const { cache, relation } = await relationFor(call, call.schema, name);
    const query = parseQuery(call.url.searchParams, undefined, selectOptions);
    applyRange(call, query);
    capRows(query);
    const build = newContext(cache, query.levels, buildOptions);
    const parts = buildLevel(
      build,
      shapeOf(relation),
      `${quoteIdent(relation.schema)}.${quoteIdent(relation.name)}`,
      query.select,
      [],
    );
    assertLevelsUsed(build);
    const counting = call.prefer.count;
    const sql = renderResponseQuery(parts, {
      count: counting === 'exact' || counting === 'estimated',
      body: call.method !== 'HEAD',
      stripNulls: call.accept.stripNulls,
      csv: call.accept.csv === true,
    });
    if (counting !== 'planned' && counting !== 'estimated')
      return readResponse(call, query, await run(call, sql, build.params.values, true));
    // planned: the planner's estimate of the unpaged query; estimated: the exact count up to the row limit, the
    // planner's estimate beyond it (PostgREST's count=planned / count=estimated).
    let planned = 0;
    const estimate = async (tx: Queryable) => {
      const explained = await tx.query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
        `EXPLAIN (FORMAT JSON) ${renderSelect(parts, { paging: false, projection: '1' })}`,
        build.params.values,
      );
      planned = Math.round(explained.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
    };
    const row = await run(call, sql, build.params.values, true, undefined, estimate);
    const exact = toCount(row.total);
    const total = counting === 'planned' || exact === null || exact > ESTIMATED_COUNT_THRESHOLD ? planned : exact;
    return readResponse(call, query, { ...row, total });
  }

  /** Runs a write and answers with nothing, headers, or the changed rows read back through the select list. */
  async function write(
    call: Call,
    relation: Relation,
    query: QueryRequest,
    build: BuildContext,
    mutation: string | null,
    created: boolean,
    upsert = false,
  ): Promise<Response> {
    const returnPref = call.prefer.return ?? 'minimal';
    const wantsRows = returnPref !== 'minimal';
    // A merging upsert answers 201 when it inserted a row and 200 when it only updated rows, as PostgREST does
    // (one ignoring duplicates is always 201); a row the statement inserted has xmax 0 (tables only: a view has
    // no xmax).
    const countInserted = upsert && relation.kind === 'table' && mutation !== null;
    const written = countInserted
      ? `pgrst_written AS (${mutation} RETURNING ${MUTATION_ALIAS}.*, (${MUTATION_ALIAS}.xmax = 0) AS pgrst_inserted)`
      : '';
    const insertedColumn = `(SELECT count(*) FROM pgrst_written WHERE pgrst_inserted) AS inserted`;
    let sql: string;
    if (mutation === null) {
      sql = `SELECT NULL::bigint AS total, 0::bigint AS page_total, '[]'::text AS body`;
    } else if (wantsRows) {
      const levels = new Map(query.levels);
      levels.delete('');
      const representation: BuildContext = { ...build, levels, usedLevels: new Set(['']) };
      const parts = buildLevel(representation, shapeOf(relation), 'pgrst_source', query.select, []);
      assertLevelsUsed(representation);
      const columns = [...relation.columns.keys()].map(quoteIdent).join(', ');
      sql = renderResponseQuery(parts, {
        count: false,
        body: true,
        stripNulls: call.accept.stripNulls,
        csv: call.accept.csv === true && returnPref === 'representation',
        with: countInserted
          ? `${written}, pgrst_source AS (SELECT ${columns} FROM pgrst_written)`
          : `pgrst_source AS (${mutation} RETURNING ${MUTATION_ALIAS}.*)`,
        ...(countInserted ? { extra: insertedColumn } : {}),
      });
    } else if (countInserted) {
      sql = `WITH ${written} SELECT NULL::bigint AS total, count(*) AS page_total, NULL::text AS body, ${insertedColumn} FROM pgrst_written`;
    } else {
      sql = `WITH pgrst_source AS (${mutation} RETURNING 1) SELECT NULL::bigint AS total, count(*) AS page_total, NULL::text AS body FROM pgrst_source`;
    }
    // Checks that undo the write run before the commit; without them the write goes to the database in one go.
    const limited = call.prefer.strict && call.prefer.maxAffected !== null;
    const check =
      call.accept.singular || limited
        ? (result: StatementRow) => {
            const affected = Number(result.page_total);
            if (call.accept.singular && affected !== 1) shapeBody('[]', affected, true);
            if (call.prefer.strict && call.prefer.maxAffected !== null) refuseOverMaxAffected(affected, call.prefer.maxAffected);
          }
        : undefined;
    const row = await run(call, sql, build.params.values, false, check);
    const affected = Number(row.page_total);
    const total = call.prefer.count ? affected : null;
    const headers = headersOf(call, call.accept.csv ? CSV_TYPE : call.accept.singular ? OBJECT_TYPE : JSON_TYPE);
    headers['content-range'] = wantsRows && affected > 0 && !created ? `0-${affected - 1}/${total ?? '*'}` : `*/${total ?? '*'}`;
    if (returnPref === 'headers-only' && created && row.body && relation.primaryKey.length > 0) {
      const first = (JSON.parse(row.body) as Record<string, unknown>[])[0];
      if (first) {
        const filters = relation.primaryKey.map(
          (key) => `${encodeURIComponent(key)}=eq.${encodeURIComponent(String(first[key]))}`,
        );
        headers.location = `/${relation.name}?${filters.join('&')}`;
      }
    }
    const createdStatus = countInserted && Number(row.inserted ?? 0) === 0 ? 200 : 201;
    if (returnPref !== 'representation') return respond(created ? createdStatus : 204, null, headers);
    const body = call.accept.csv ? row.body : shapeBody(row.body, affected, call.accept.singular);
    return respond(created ? createdStatus : 200, body, headers);
  }

  async function insert(call: Call, name: string): Promise<Response> {
    const { cache, relation } = await relationFor(call, call.schema, name);
    const query = parseQuery(call.url.searchParams, undefined, selectOptions);
    const body = await readJsonBody(call.request, maxBodyBytes);
    if (body === undefined) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    const { rows, columns } = insertRows(relation, body, query.columns);
    const build = newContext(cache, query.levels, buildOptions);
    const resolution = call.prefer.resolution;
    const conflict = resolution
      ? { columns: query.onConflict ?? relation.primaryKey, ignore: resolution === 'ignore-duplicates' }
      : null;
    const mutation = insertSql(build, relation, JSON.stringify(rows), {
      columns,
      missingDefault: call.prefer.missingDefault,
      conflict,
    });
    return write(call, relation, query, build, mutation, true, conflict !== null && !conflict.ignore);
  }

  async function update(call: Call, name: string): Promise<Response> {
    const { cache, relation } = await relationFor(call, call.schema, name);
    const query = parseQuery(call.url.searchParams, undefined, selectOptions);
    const body = await readJsonBody(call.request, maxBodyBytes);
    const build = newContext(cache, query.levels, buildOptions);
    return write(call, relation, query, build, updateSql(build, relation, body ?? {}), false);
  }

  async function remove(call: Call, name: string): Promise<Response> {
    const { cache, relation } = await relationFor(call, call.schema, name);
    const query = parseQuery(call.url.searchParams, undefined, selectOptions);
    const build = newContext(cache, query.levels, buildOptions);
    return write(call, relation, query, build, deleteSql(build, relation), false);
  }

  async function rpc(call: Call, name: string): Promise<Response> {
    const isRead = call.method === 'GET' || call.method === 'HEAD';
    let cache = await catalog.get();
    if (!cache.routines.has(keyOf(call.schema, name)) && (await catalog.reloadAfterMiss(call.startedAt)))
      cache = await catalog.get();
    let query: QueryRequest;
    let args: unknown;
    const contentType = (call.request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const rawType = isRead ? undefined : RAW_BODY_TYPES[contentType];
    let routine;
    let raw: string | undefined;
    if (rawType !== undefined) {
      // text/plain, text/xml, application/octet-stream: the whole body is the only unnamed parameter.
      query = parseQuery(call.url.searchParams, undefined, selectOptions);
      routine = rawBodyRoutine(cache, call.schema, name, rawType);
      try {
        raw =
          rawType === 'bytea'
            ? (await readBodyBytes(call.request, maxBodyBytes)).toString('hex')
            : await readBodyText(call.request, maxBodyBytes);
      } catch (error) {
        if (error instanceof BodyTooLarge) throw new ApiError(413, 'PGRST413', 'Request size limit exceeded', error.message);
        throw error;
      }
      args = {};
    } else {
      if (isRead) {
        query = parseQuery(call.url.searchParams, argumentNames(cache, call.schema, name), selectOptions);
        args = Object.fromEntries(query.args);
      } else {
        query = parseQuery(call.url.searchParams, undefined, selectOptions);
        args = (await readJsonBody(call.request, maxBodyBytes)) ?? {};
      }
      const names = isRecord(args) ? Object.keys(args) : [];
      routine = findRoutine(cache, call.schema, name, names, !isRead);
      // A variadic parameter of a GET gathers every value given for it (`?v=1&v=2`); one array literal
      // (`?v={1,2}`, as supabase-js sends an array) stays as it is.
      const variadic = isRead ? routine.args.find((arg) => arg.variadic) : undefined;
      const values = variadic ? (query.argValues.get(variadic.name) ?? []) : [];
      if (variadic && isRecord(args) && values.length > 0 && !(values.length === 1 && values[0]?.startsWith('{')))
        args[variadic.name] = values;
      if (!isRecord(args) && !takesWholeBody(routine))
        throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'The arguments must be a JSON object.');
    }
    applyRange(call, query);
    if (routine.returnsSet) capRows(query);
    const build = newContext(cache, query.levels, buildOptions);
    const routineSql: RoutineCall = routineCall(cache, routine, args, !isRead, build.params, raw);
    const readOnly = isRead || routine.volatility !== 'volatile';
    // max-affected with handling=strict: a function that returns more rows than allowed is undone (PGRST124).
    const limitAffected =
      call.prefer.strict && call.prefer.maxAffected !== null && routine.returnsSet
        ? (result: StatementRow) => {
            const affected = Number(result.page_total);
            if (call.prefer.maxAffected !== null) refuseOverMaxAffected(affected, call.prefer.maxAffected);
          }
        : undefined;
    if (routineSql.shape) {
      const parts = buildLevel(build, routineSql.shape, routineSql.from, query.select, []);
      assertLevelsUsed(build);
      const sql = renderResponseQuery(parts, {
        count: call.prefer.count !== null,
        body: call.method !== 'HEAD',
        stripNulls: call.accept.stripNulls,
        csv: call.accept.csv === true,
      });
      const row = await run(call, sql, build.params.values, readOnly, limitAffected);
      return readResponse(call, query, row, !routine.returnsSet && !call.accept.csv);
    }
    if (call.accept.csv) throw new ApiError(406, 'PGRST107', 'None of these media types are available: text/csv');
    const row = await run(call, scalarStatement(routine, routineSql), build.params.values, readOnly, limitAffected);
    if (routine.returnKind === 'void') return respond(204, null, headersOf(call));
    const rows = Number(row.page_total);
    const body = routine.returnsSet ? shapeBody(row.body, rows, call.accept.singular) : row.body;
    const headers = headersOf(call, call.accept.singular ? OBJECT_TYPE : JSON_TYPE);
    // A count asked of a function returning scalars: the rows it returned (one for a single value), as PostgREST.
    if (call.prefer.count !== null) headers['content-range'] = contentRange(0, rows, rows);
    return respond(200, call.method === 'HEAD' ? null : body, headers);
  }

  async function serve(request: Request, info: RequestInfo, caller: Caller): Promise<Response> {
    const startedAt = performance.now();
    const method = request.method.toUpperCase();
    const segments = info.path
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
    const schema = profileSchema(request.headers, method, schemas);
    const call: Call = {
      request,
      url: info.url,
      method,
      caller,
      schema,
      prefer: parsePrefer(request.headers),
      accept: parseAccept(request.headers),
      startedAt,
      roleSettings: (await catalog.get()).roleSettings.get(caller.role) ?? [],
      signal: info.signal,
    };
    if (segments.length === 0) {
      if (method !== 'GET' && method !== 'HEAD') throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      return json(describeApi(await catalog.get(), schema, ctx.config.publicUrl));
    }
    const [first, second] = segments;
    if (segments.length === 2 && first === 'rpc' && second) {
      if (!['GET', 'HEAD', 'POST'].includes(method)) throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      return rpc(call, second);
    }
    if (segments.length !== 1 || !first) throw new ApiError(404, 'PGRST125', `Invalid path specified in request URL`);
    switch (method) {
      case 'GET':
      case 'HEAD':
        return read(call, first);
      case 'POST':
        return insert(call, first);
      case 'PATCH':
        return update(call, first);
      case 'DELETE':
        return remove(call, first);
      default:
        throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
  }

  return {
    prefix: '/rest/v1',
    async start() {
      await catalog.get();
      await catalog.listen();
    },
    async close() {
      await catalog.close();
    },
    async reloadSchema() {
      await catalog.reload();
    },
    async handle(request, info) {
      let role: DatabaseRole = 'anon';
      try {
        const caller = await identifyCaller(request, ctx.config);
        role = caller.role;
        // The service role is the project's own backend; users and anonymous callers take turns.
        if (caller.role === 'service_role') return await serve(request, info, caller);
        const key = caller.role === 'authenticated' && caller.claims.sub ? `user:${caller.claims.sub}` : `address:${info.ip}`;
        return await gate.run(key, () => serve(request, info, caller), info.signal);
      } catch (error) {
        if (error instanceof GatewayError) {
          const headers: Record<string, string> = {};
          if (error.status === 401 && typeof error.body.code === 'string') {
            headers['www-authenticate'] = `Bearer error="invalid_token", error_description="${error.message}"`;
          }
          return json(error.body, error.status, headers);
        }
        const apiError = toApiError(error, role);
        if (apiError.status >= 500 && !isClientGone(error) && !info.signal.aborted && !isLimit(apiError))
          console.error('[rest]', error);
        return json(apiError.toBody(), apiError.status, apiError.headers);
      }
    },
  };
}
