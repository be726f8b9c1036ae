// The postgres_changes filter grammar (`column=[not.]op.value`, AND-ed by commas), its limits, and its
// evaluation on a row: plain comparisons first, LIKE patterns (a linear matcher, never a RegExp) only later.
import { compileLike, likeMatches, LikePatternError, type LikePattern } from './like.ts';

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'like' | 'ilike' | 'is' | 'isdistinct';

export interface ChangeFilter {
  column: string;
  operator: FilterOperator;
  negated: boolean;
  /** The value as text; for `in`, the list of values. */
  value: string | string[];
  /** The compiled pattern of `like` and `ilike`. */
  like?: LikePattern;
}

/** What one binding's filter may ask for: its cost is paid on every change of its table. */
export interface FilterLimits {
  /** Characters of the whole filter string (fits an `in` of 100 uuids). */
  maxLength: number;
  /** Comma-separated conditions. */
  maxConditions: number;
  /** Values of one `in` list (Realtime's own maximum). */
  maxInValues: number;
  /** Characters of one like/ilike pattern. */
  maxPatternLength: number;
}

export const FILTER_LIMITS: FilterLimits = { maxLength: 4096, maxConditions: 16, maxInValues: 100, maxPatternLength: 256 };

/** A filter Realtime would refuse; the message is what follows "Error parsing `filter` params: ". */
export class FilterError extends Error {}

const OPERATORS: ReadonlySet<string> = new Set<FilterOperator>([
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
const PATTERN_OPERATORS: ReadonlySet<FilterOperator> = new Set<FilterOperator>(['like', 'ilike']);
/**
 * Regular expressions are refused: Postgres would compile and run them on every change in the one database all
 * tenants share (PGlite's single thread), and some short ones run for minutes there.
 */
const REGEX_OPERATORS: ReadonlySet<string> = new Set(['match', 'imatch']);
const IS_VALUES: ReadonlySet<string> = new Set(['null', 'true', 'false', 'unknown']);

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

function parseCondition(part: string, limits: FilterLimits): ChangeFilter {
  const match = /^([^=]+)=(not\.)?([a-z]+)\.(.*)$/s.exec(part.trim());
  if (!match) throw new FilterError(`invalid filter: ${part}`);
  const [, column = '', not, word = '', raw = ''] = match;
  if (REGEX_OPERATORS.has(word)) {
    throw new FilterError(`unsupported filter operator: ${word} (regular expressions are not evaluated)`);
  }
  if (!OPERATORS.has(word)) throw new FilterError(`invalid filter operator: ${word}`);
  const operator = word as FilterOperator;
  const filter: ChangeFilter = { column: column.trim(), operator, negated: Boolean(not), value: '' };
  if (operator === 'in') {
    const values = splitTopLevel(raw.replace(/^\((.*)\)$/s, '$1')).map(unquote);
    if (values.length > limits.maxInValues) {
      throw new FilterError(`too many values for \`in\` filter. Maximum ${limits.maxInValues}`);
    }
    filter.value = values;
    return filter;
  }
  const value = unquote(raw);
  filter.value = value;
  if (operator === 'is' && !IS_VALUES.has(value)) {
    throw new FilterError('invalid value for is filter: must be null, true, false, or unknown');
  }
  if (PATTERN_OPERATORS.has(operator)) {
    if (Array.from(value).length > limits.maxPatternLength) {
      throw new FilterError(`pattern of ${operator} filter longer than ${limits.maxPatternLength} characters`);
    }
    try {
      filter.like = compileLike(value, operator === 'ilike');
    } catch (error) {
      throw new FilterError(error instanceof LikePatternError ? error.message : 'invalid LIKE pattern');
    }
  }
  return filter;
}

/** Parses a binding's filter within `limits`; throws a FilterError on bad syntax or a filter over a limit. */
export function parseFilters(filter: string | undefined | null, limits: FilterLimits = FILTER_LIMITS): ChangeFilter[] {
  if (!filter || filter.trim() === '') return [];
  if (filter.length > limits.maxLength) throw new FilterError(`filter longer than ${limits.maxLength} characters`);
  const parts = splitTopLevel(filter);
  if (parts.length > limits.maxConditions) throw new FilterError(`too many conditions (maximum ${limits.maxConditions})`);
  return parts.map((part) => parseCondition(part, limits));
}

export function isPattern(filter: ChangeFilter): boolean {
  return PATTERN_OPERATORS.has(filter.operator);
}

/** A column's value as Postgres would print it (null for SQL NULL or a missing column). */
export function columnText(row: Record<string, unknown>, column: string): string | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function compare(actual: unknown, text: string, expected: string): number {
  const left = typeof actual === 'number' ? actual : Number(text);
  const right = Number(expected);
  if (Number.isFinite(left) && Number.isFinite(right) && text !== '' && expected !== '') return left - right;
  return text < expected ? -1 : text > expected ? 1 : 0;
}

/** One condition before `not.`: true, false, or null for SQL NULL (a NULL never passes, negated or not). */
function plainResult(filter: ChangeFilter, row: Record<string, unknown>): boolean | null {
  const actual = row[filter.column];
  const text = columnText(row, filter.column);
  const value = filter.value;
  if (filter.operator === 'is') {
    if (value === 'null' || value === 'unknown') return text === null;
    return actual === (value === 'true');
  }
  if (filter.operator === 'isdistinct') {
    if (value === 'null') return text !== null;
    return text === null || typeof value !== 'string' || compare(actual, text, value) !== 0;
  }
  if (text === null) return null;
  if (Array.isArray(value)) return filter.operator === 'in' && value.some((item) => compare(actual, text, item) === 0);
  switch (filter.operator) {
    case 'eq':
      return compare(actual, text, value) === 0;
    case 'neq':
      return compare(actual, text, value) !== 0;
    case 'lt':
      return compare(actual, text, value) < 0;
    case 'lte':
      return compare(actual, text, value) <= 0;
    case 'gt':
      return compare(actual, text, value) > 0;
    case 'gte':
      return compare(actual, text, value) >= 0;
    default:
      return false;
  }
}

function passes(result: boolean | null, negated: boolean): boolean {
  return result !== null && result !== negated;
}

/** The cheap conditions (comparisons, `in`, `is`); patterns are left for `matchesPatterns`. */
export function matchesPlainFilters(filters: readonly ChangeFilter[], row: Record<string, unknown> | null): boolean {
  if (!row) return false;
  return filters.every((filter) => isPattern(filter) || passes(plainResult(filter, row), filter.negated));
}

/** The like/ilike conditions: at most (text length × pattern length) steps each, never a RegExp (see like.ts). */
export function matchesPatterns(filters: readonly ChangeFilter[], row: Record<string, unknown>): boolean {
  return filters.every((filter) => {
    if (!filter.like) return true;
    const text = columnText(row, filter.column);
    return text !== null && likeMatches(filter.like, text) !== filter.negated;
  });
}
