// The postgres_changes filter grammar (`column=op.value`, AND-ed by commas) and its evaluation on a row.

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'like' | 'ilike' | 'is' | 'isdistinct';

export interface ChangeFilter {
  column: string;
  operator: FilterOperator;
  negated: boolean;
  /** The value as text; for `in`, the list of values. */
  value: string | string[];
}

const OPERATORS: ReadonlySet<string> = new Set([
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'isdistinct',
]);

/** Splits on commas that are not inside parentheses or double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (char === '\\' && quoted) {
      current += char + text.charAt(index + 1);
      index++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    if (char === ',' && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current !== '') parts.push(current);
  return parts;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

/** Parses a binding's filter; throws with a readable message on bad syntax. */
export function parseFilters(filter: string | undefined | null): ChangeFilter[] {
  if (!filter) return [];
  return splitTopLevel(filter).map((part) => {
    const match = /^([^=]+)=(not\.)?([a-z]+)\.(.*)$/s.exec(part.trim());
    if (!match) throw new Error(`invalid filter: ${part}`);
    const [, column = '', not, operator = '', raw = ''] = match;
    if (!OPERATORS.has(operator)) throw new Error(`invalid filter operator: ${operator}`);
    const value = operator === 'in' ? splitTopLevel(raw.replace(/^\((.*)\)$/s, '$1')).map(unquote) : unquote(raw);
    return { column: column.trim(), operator: operator as FilterOperator, negated: Boolean(not), value };
  });
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function compare(actual: unknown, expected: string): number {
  const left = typeof actual === 'number' ? actual : Number(asText(actual));
  const right = Number(expected);
  if (Number.isFinite(left) && Number.isFinite(right) && asText(actual) !== '' && expected !== '') return left - right;
  const text = asText(actual) ?? '';
  return text < expected ? -1 : text > expected ? 1 : 0;
}

function likeToRegExp(pattern: string, flags: string): RegExp {
  const escaped = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.');
  return new RegExp(`^${escaped}$`, flags);
}

function matchesOne(filter: ChangeFilter, row: Record<string, unknown>): boolean {
  const actual = row[filter.column];
  const value = filter.value;
  const text = asText(actual);
  switch (filter.operator) {
    case 'eq':
      return text !== null && typeof value === 'string' && compare(actual, value) === 0;
    case 'neq':
      return text !== null && typeof value === 'string' && compare(actual, value) !== 0;
    case 'lt':
      return text !== null && typeof value === 'string' && compare(actual, value) < 0;
    case 'lte':
      return text !== null && typeof value === 'string' && compare(actual, value) <= 0;
    case 'gt':
      return text !== null && typeof value === 'string' && compare(actual, value) > 0;
    case 'gte':
      return text !== null && typeof value === 'string' && compare(actual, value) >= 0;
    case 'in':
      return text !== null && Array.isArray(value) && value.some((item) => compare(actual, item) === 0);
    case 'like':
      return text !== null && typeof value === 'string' && likeToRegExp(value, 's').test(text);
    case 'ilike':
      return text !== null && typeof value === 'string' && likeToRegExp(value, 'is').test(text);
    case 'is':
      if (value === 'null') return actual === null || actual === undefined;
      if (value === 'true') return actual === true;
      if (value === 'false') return actual === false;
      return false;
    case 'isdistinct':
      return typeof value === 'string' && (value === 'null' ? text !== null : text === null || compare(actual, value) !== 0);
  }
}

export function matchesFilters(filters: readonly ChangeFilter[], row: Record<string, unknown> | null): boolean {
  if (!row) return false;
  return filters.every((filter) => matchesOne(filter, row) !== filter.negated);
}
