// Splits a request's query string into the select list and, per embed path, its filters, logic, order and paging.
import {
  parseCount,
  parseColumnList,
  parseFilterValue,
  parseKey,
  parseLogic,
  parseOrder,
  parseSelect,
  type SelectOptions,
} from './grammar.ts';
import type { Condition, LogicTree, OrderTerm, SelectItem } from './grammar.ts';

/** What applies to one level of the result: the root (path '') or an embed (`cliente`, `itens.produto`). */
export interface LevelModifiers {
  conditions: Condition[];
  logic: LogicTree[];
  order: OrderTerm[] | null;
  limit: number | null;
  offset: number | null;
}

export interface QueryRequest {
  select: SelectItem[];
  levels: Map<string, LevelModifiers>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Parameters named like a function argument (GET rpc), kept as text. */
  args: Map<string, string>;
  /** Every value of each argument, in order (a variadic parameter takes them all: `?v=1&v=2`). */
  argValues: Map<string, string[]>;
}

const ROOT_ONLY = new Set(['select', 'columns', 'on_conflict', 'apikey']);

export function emptyLevel(): LevelModifiers {
  return { conditions: [], logic: [], order: null, limit: null, offset: null };
}

export function parseQuery(
  params: URLSearchParams,
  argNames: ReadonlySet<string> = new Set(),
  options: SelectOptions = { aggregates: false },
): QueryRequest {
  const request: QueryRequest = {
    select: parseSelect(params.get('select') ?? '*', options),
    levels: new Map(),
    columns: params.has('columns') ? parseColumnList(params.get('columns') ?? '') : null,
    onConflict: params.has('on_conflict') ? parseColumnList(params.get('on_conflict') ?? '') : null,
    args: new Map(),
    argValues: new Map(),
  };
  const level = (path: string[]): LevelModifiers => {
    const key = path.join('.');
    let found = request.levels.get(key);
    if (!found) {
      found = emptyLevel();
      request.levels.set(key, found);
    }
    return found;
  };
  for (const [key, value] of params) {
    if (ROOT_ONLY.has(key)) continue;
    if (argNames.has(key)) {
      request.args.set(key, value);
      request.argValues.set(key, [...(request.argValues.get(key) ?? []), value]);
      continue;
    }
    const { path, field } = parseKey(key);
    const word = field.jsonPath.length === 0 ? field.name : null;
    if (word === 'or' || word === 'and') {
      const negated = path.at(-1) === 'not';
      if (negated) path.pop();
      level(path).logic.push(parseLogic(word, negated, value));
    } else if (word === 'order') {
      level(path).order = parseOrder(value);
    } else if (word === 'limit' || word === 'offset') {
      level(path)[word] = parseCount(word, value);
    } else {
      level(path).conditions.push(parseFilterValue(field, value));
    }
  }
  return request;
}
