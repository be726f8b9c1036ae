// Remote procedure calls (`/rpc/<fn>`): picks the overload by argument names, binds the arguments as one JSON
// record that Postgres types itself, and renders scalar, set, composite and void results as PostgREST does.
import { ApiError } from './errors.ts';
import { keyOf, type Routine, type SchemaCache } from './catalog.ts';
import { quoteIdent } from './sql.ts';
import type { Shape } from './read-builder.ts';
import type { Params } from './sql.ts';

function notFound(schema: string, name: string, argNames: readonly string[], cache: SchemaCache): ApiError {
  const signature = `${schema}.${name}(${argNames.join(', ')})`;
  const searched = argNames.length > 0 ? ` with parameters ${argNames.join(', ')}` : ' without parameters';
  const similar = [...cache.routines.keys()].find(
    (key) => key.startsWith(`${schema}.`) && key.slice(schema.length + 1).includes(name),
  );
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${signature} in the schema cache`,
    `Searched for the function ${schema}.${name}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    similar ? `Perhaps you meant to call the function ${similar}` : null,
  );
}

/** A single unnamed json/jsonb argument receives the whole body. */
/** Bodies PostgREST passes whole to a function's only unnamed parameter of the matching type. */
export const RAW_BODY_TYPES: Readonly<Record<string, string>> = {
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
};

/** The function of this name whose only parameter is unnamed and of `type` (a raw body's target), if any. */
export function rawBodyRoutine(cache: SchemaCache, schema: string, name: string, type: string): Routine {
  const routine = (cache.routines.get(keyOf(schema, name)) ?? []).find(
    (candidate) => candidate.args.length === 1 && candidate.args[0]?.name === '' && candidate.args[0].type === type,
  );
  if (routine) return routine;
  throw new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name} in the schema cache`,
    `Searched for the function ${schema}.${name} with a single unnamed ${type} parameter, but no matches were found in the schema cache.`,
    null,
  );
}

export function takesWholeBody(routine: Routine): boolean {
  const only = routine.args[0];
  return routine.args.length === 1 && only !== undefined && only.name === '' && (only.type === 'json' || only.type === 'jsonb');
}

export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  argNames: readonly string[],
  wholeBody: boolean,
): Routine {
  const overloads = cache.routines.get(keyOf(schema, name)) ?? [];
  const byName = overloads.filter((routine) => {
    if (takesWholeBody(routine)) return false;
    const names = new Set(routine.args.map((arg) => arg.name));
    if (!argNames.every((arg) => names.has(arg))) return false;
    return routine.args.every((arg) => arg.hasDefault || argNames.includes(arg.name));
  });
  // The overload whose parameters the arguments name comes first; one taking the whole body is the fallback.
  const matches = byName.length > 0 || !wholeBody ? byName : overloads.filter(takesWholeBody);
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length === 0) throw notFound(schema, name, argNames, cache);
  throw new ApiError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${matches.map((r) => `${schema}.${name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** Names of every argument of every overload, so GET parameters can be told apart from filters. */
export function argumentNames(cache: SchemaCache, schema: string, name: string): Set<string> {
  return new Set((cache.routines.get(keyOf(schema, name)) ?? []).flatMap((routine) => routine.args.map((arg) => arg.name)));
}

export interface RoutineCall {
  /** A FROM item yielding the function's rows (composite results), or null. */
  from: string;
  /** The call itself (scalar results), evaluated over `argsFrom`. */
  expression: string;
  /** ` FROM json_to_record(…)` when arguments were given, else empty. */
  argsFrom: string;
  shape: Shape | null;
}

/** Builds `fn(arg := value, …)` with the values read from one bound JSON object. */
export function routineCall(
  cache: SchemaCache,
  routine: Routine,
  args: unknown,
  wholeBody: boolean,
  params: Params,
  /** A raw body (text, xml, or bytea as hex) for the only unnamed parameter. */
  raw?: string,
): RoutineCall {
  const fn = `${quoteIdent(routine.schema)}.${quoteIdent(routine.name)}`;
  let call: string;
  let argsFrom = '';
  if (raw !== undefined) {
    const type = routine.args[0]?.type ?? 'text';
    // bytea arrives as hex text (decoded by Postgres), so both drivers bind it as plain text.
    call = type === 'bytea' ? `${fn}(decode(${params.add(raw)}, 'hex'))` : `${fn}(${params.add(raw)}::${type})`;
  } else if (wholeBody && takesWholeBody(routine)) {
    call = `${fn}(${params.add(JSON.stringify(args ?? {}))}::${routine.args[0]?.type ?? 'json'})`;
  } else {
    const given = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
    const used = routine.args.filter((arg) => arg.name in given);
    if (used.length === 0) call = `${fn}()`;
    else {
      const definition = used.map((arg) => `${quoteIdent(arg.name)} ${arg.type}`).join(', ');
      argsFrom = `json_to_record(${params.add(JSON.stringify(given))}::json) AS _a(${definition})`;
      call = `${fn}(${used.map((arg) => `${arg.variadic ? 'VARIADIC ' : ''}${quoteIdent(arg.name)} := _a.${quoteIdent(arg.name)}`).join(', ')})`;
    }
  }
  let shape: Shape | null = null;
  if (routine.returnKind === 'composite') {
    const relation = routine.returnRelation ? (cache.relations.get(routine.returnRelation) ?? null) : null;
    shape = relation
      ? { relation, name: routine.name, columns: relation.columns }
      : { relation: null, name: routine.name, columns: new Map(routine.outColumns.map((column) => [column.name, column])) };
  }
  const from = argsFrom ? `(SELECT _f.* FROM ${argsFrom} CROSS JOIN LATERAL ${call} AS _f)` : `(SELECT _f.* FROM ${call} AS _f)`;
  return { from, expression: call, argsFrom: argsFrom ? ` FROM ${argsFrom}` : '', shape };
}

/** The statement for a function that returns a scalar, a set of scalars or nothing: one row with `body` text. */
export function scalarStatement(routine: Routine, call: RoutineCall): string {
  const { expression, argsFrom: from } = call;
  if (routine.returnKind === 'void')
    return `SELECT 1 AS page_total, NULL::text AS body, NULL::bigint AS total, (${expression})::text AS v${from}`;
  if (routine.returnsSet) {
    return `SELECT count(*) AS page_total, coalesce(json_agg(_s.v), '[]'::json)::text AS body, NULL::bigint AS total FROM (SELECT ${expression} AS v${from}) _s`;
  }
  return `SELECT 1 AS page_total, to_json(${expression})::text AS body, NULL::bigint AS total${from}`;
}
