// Parsers for PostgREST's query-string grammar: select lists, filters, logic trees (or/and/not) and order.
import { ApiError, parseError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column, possibly followed by a JSON path (`data->a->>b`). */
export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column';
      field: Field;
      alias: string | null;
      cast: string | null;
      /** `amount.sum()`, `count()` (field name empty: every row), with the result's cast (`.avg()::int`). */
      aggregate?: { fn: AggregateFunction; cast: string | null };
    }
  | {
      kind: 'embed';
      name: string;
      alias: string | null;
      hint: string | null;
      joinType: 'inner' | 'left' | null;
      spread: boolean;
      items: SelectItem[];
    };

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

const QUANTIFIABLE: ReadonlySet<string> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FULL_TEXT: ReadonlySet<string> = new Set(['fts', 'plfts', 'phfts', 'wfts']);

export type FilterValue =
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' };

export interface Condition {
  field: Field;
  negated: boolean;
  operator: Operator;
  quantifier: 'any' | 'all' | null;
  /** Text-search configuration of the fts family, e.g. `english`. */
  language: string | null;
  value: FilterValue;
}

export interface LogicTree {
  operator: 'and' | 'or';
  negated: boolean;
  children: LogicNode[];
}
export type LogicNode = { kind: 'condition'; condition: Condition } | { kind: 'logic'; tree: LogicTree };

export interface OrderTerm {
  /** Set when ordering by a column of a to-one embed: `order=cliente(nome).asc`. */
  embed: string | null;
  field: Field;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** Embeds and logic trees nest at most this deep (deeper input overflowed the parser's stack: a 500). */
const MAX_NESTING = 100;

/** Characters that end an unquoted name. */
const NAME_STOP = new Set([',', '.', ':', '(', ')', '!', '"', '*', '{', '}']);

class Cursor {
  position = 0;
  private depth = 0;
  /** Embeds open around the position (select lists only). */
  embedDepth = 0;

  constructor(
    readonly text: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.position >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text[this.position + offset] ?? '';
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.position);
  }

  accept(token: string): boolean {
    if (!this.startsWith(token)) return false;
    this.position += token.length;
    return true;
  }

  expect(token: string): void {
    if (!this.accept(token)) throw this.fail(`expecting "${token}"`);
  }

  fail(expecting: string): ApiError {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    const error = parseError(this.what, `unexpected ${found} ${expecting}`);
    return new ApiError(
      error.status,
      error.code,
      `"failed to parse ${this.what}" (line 1, column ${this.position + 1})`,
      error.details,
    );
  }

  /** Runs `work` one nesting level deeper, refusing input nested beyond MAX_NESTING. */
  nested<T>(work: () => T): T {
    if (this.depth >= MAX_NESTING) throw this.fail(`expecting at most ${MAX_NESTING} nested levels`);
    this.depth += 1;
    try {
      return work();
    } finally {
      this.depth -= 1;
    }
  }

  /** A double-quoted string; backslash escapes the next character. */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && this.position + 1 < this.text.length) this.position += 1;
      out += this.peek();
      this.position += 1;
    }
    this.expect('"');
    return out;
  }

  /** A name: double-quoted, or a run of characters up to a reserved one (and never across `->`). */
  name(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.position;
    while (!this.done && !NAME_STOP.has(this.peek()) && !this.startsWith('->')) this.position += 1;
    const name = this.text.slice(start, this.position).trim();
    if (name === '') throw this.fail('expecting a name');
    return name;
  }

  field(): Field {
    const name = this.name();
    const jsonPath: JsonStep[] = [];
    for (;;) {
      const arrow = this.accept('->>') ? '->>' : this.accept('->') ? '->' : null;
      if (!arrow) break;
      jsonPath.push({ arrow, key: this.name() });
    }
    return { name, jsonPath };
  }
}

function assertDone(cursor: Cursor): void {
  if (!cursor.done) throw cursor.fail('expecting end of input');
}

// ---------------------------------------------------------------- select

const CAST = /^[a-z_][a-z0-9_]*( [a-z_][a-z0-9_]*)*(\[\])?$/i;

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'max' | 'min';
const AGGREGATES: readonly string[] = ['count', 'sum', 'avg', 'max', 'min'];

/** How a select list is read: aggregates only where the configuration enables them (PostgREST's default: off). */
export interface SelectOptions {
  aggregates: boolean;
  /** Embeds nested deeper than this are refused (each level can multiply the rows the database builds). */
  maxEmbedDepth?: number;
}

function castAfter(cursor: Cursor): string | null {
  if (!cursor.accept('::')) return null;
  const cast = cursor.name();
  if (!CAST.test(cast)) throw cursor.fail('expecting a type name');
  return cast;
}

/** `.sum()` and its kind after a column, `::type` of the result included. */
function aggregateAfter(cursor: Cursor, options: SelectOptions): { fn: AggregateFunction; cast: string | null } {
  if (!options.aggregates) throw aggregatesDisabled();
  cursor.expect('.');
  const fn = cursor.name();
  if (!AGGREGATES.includes(fn)) throw cursor.fail('expecting an aggregate function (count, sum, avg, max, min)');
  cursor.expect('(');
  cursor.expect(')');
  return { fn: fn as AggregateFunction, cast: castAfter(cursor) };
}

function selectItems(cursor: Cursor, nested: boolean, options: SelectOptions): SelectItem[] {
  const items: SelectItem[] = [];
  if (cursor.done || (nested && cursor.peek() === ')')) return items;
  for (;;) {
    items.push(selectItem(cursor, options));
    if (!cursor.accept(',')) break;
  }
  return items;
}

function embedRest(cursor: Cursor, name: string, alias: string | null, spread: boolean, options: SelectOptions): SelectItem {
  let hint: string | null = null;
  let joinType: 'inner' | 'left' | null = null;
  while (cursor.accept('!')) {
    const word = cursor.name();
    if (word === 'inner' || word === 'left') joinType = word;
    else hint = word;
  }
  cursor.expect('(');
  if (!spread && hint === null && name === 'count' && cursor.peek() === ')') {
    if (!options.aggregates || joinType !== null) throw aggregatesDisabled();
    cursor.expect(')');
    return {
      kind: 'column',
      field: { name: '', jsonPath: [] },
      alias,
      cast: null,
      aggregate: { fn: 'count', cast: castAfter(cursor) },
    };
  }
  const maxDepth = options.maxEmbedDepth ?? MAX_NESTING;
  if (cursor.embedDepth >= maxDepth) throw cursor.fail(`expecting at most ${maxDepth} nested embeds`);
  cursor.embedDepth += 1;
  const items = cursor.nested(() => selectItems(cursor, true, options));
  cursor.embedDepth -= 1;
  cursor.expect(')');
  return { kind: 'embed', name, alias, hint, joinType, spread, items };
}

function aggregatesDisabled(): ApiError {
  return new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
}

function selectItem(cursor: Cursor, options: SelectOptions): SelectItem {
  if (cursor.accept('*')) return { kind: 'star' };
  if (cursor.accept('...')) {
    const name = cursor.name();
    return embedRest(cursor, name, null, true, options);
  }
  let alias: string | null = null;
  let name = cursor.name();
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.expect(':');
    alias = name;
    if (cursor.accept('...')) throw cursor.fail('a spread cannot have an alias');
    name = cursor.name();
  }
  if (cursor.peek() === '!' || cursor.peek() === '(') return embedRest(cursor, name, alias, false, options);
  if (cursor.peek() === '.') {
    return { kind: 'column', field: { name, jsonPath: [] }, alias, cast: null, aggregate: aggregateAfter(cursor, options) };
  }
  const jsonPath: JsonStep[] = [];
  for (;;) {
    const arrow = cursor.accept('->>') ? '->>' : cursor.accept('->') ? '->' : null;
    if (!arrow) break;
    jsonPath.push({ arrow, key: cursor.name() });
  }
  const cast = castAfter(cursor);
  if (cursor.peek() === '.')
    return { kind: 'column', field: { name, jsonPath }, alias, cast, aggregate: aggregateAfter(cursor, options) };
  return { kind: 'column', field: { name, jsonPath }, alias, cast };
}

export function parseSelect(text: string, options: SelectOptions = { aggregates: false }): SelectItem[] {
  const cursor = new Cursor(text, `select parameter (${text})`);
  const items = selectItems(cursor, false, options);
  assertDone(cursor);
  return items;
}

// ---------------------------------------------------------------- filters

function listItems(cursor: Cursor, open: string, close: string): string[] {
  cursor.expect(open);
  const items: string[] = [];
  if (cursor.accept(close)) return items;
  for (;;) {
    if (cursor.peek() === '"') items.push(cursor.quoted());
    else {
      const start = cursor.position;
      while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== close) cursor.position += 1;
      items.push(cursor.text.slice(start, cursor.position));
    }
    if (cursor.accept(close)) return items;
    cursor.expect(',');
  }
}

function isOperator(word: string): word is Operator {
  return (OPERATORS as readonly string[]).includes(word);
}

/** Reads `[not.]op[(modifier)].` and returns what is known before the value. */
function operatorPart(cursor: Cursor): Omit<Condition, 'field' | 'value'> {
  let negated = false;
  if (cursor.startsWith('not.')) {
    cursor.expect('not.');
    negated = true;
  }
  const start = cursor.position;
  while (!cursor.done && /[a-z]/.test(cursor.peek())) cursor.position += 1;
  const word = cursor.text.slice(start, cursor.position);
  if (!isOperator(word)) {
    cursor.position = start;
    throw cursor.fail('expecting an operator (eq, gt, …)');
  }
  let quantifier: Condition['quantifier'] = null;
  let language: string | null = null;
  if (cursor.accept('(')) {
    const modifierStart = cursor.position;
    while (!cursor.done && cursor.peek() !== ')') cursor.position += 1;
    const modifier = cursor.text.slice(modifierStart, cursor.position);
    cursor.expect(')');
    if (FULL_TEXT.has(word) && /^[a-z_][a-z0-9_]*$/i.test(modifier)) language = modifier;
    else if (QUANTIFIABLE.has(word) && (modifier === 'any' || modifier === 'all')) quantifier = modifier;
    else throw cursor.fail('expecting a valid operator modifier');
  }
  cursor.expect('.');
  return { negated, operator: word, quantifier, language };
}

function isValue(text: string, cursor: Cursor): FilterValue {
  const value = text.toLowerCase();
  if (value === 'null' || value === 'not_null' || value === 'true' || value === 'false' || value === 'unknown') {
    return { kind: 'is', value };
  }
  throw cursor.fail('expecting null, not_null, true, false or unknown');
}

/** The right side of `col=<value>`: the value is the raw remainder, except for `in` lists and `is`. */
export function parseFilterValue(field: Field, text: string): Condition {
  const cursor = new Cursor(text, `filter (${text})`);
  const head = operatorPart(cursor);
  let value: FilterValue;
  if (head.operator === 'in') {
    value = { kind: 'list', items: listItems(cursor, '(', ')') };
    assertDone(cursor);
  } else if (head.operator === 'is') {
    value = isValue(text.slice(cursor.position), cursor);
  } else {
    value = { kind: 'text', text: text.slice(cursor.position) };
  }
  return { field, ...head, value };
}

/** A name in a parameter key: `col`, `"quoted col"`, `embed.col`, `col->a->>b`, `embed.or`. */
export function parseKey(key: string): { path: string[]; field: Field } {
  const cursor = new Cursor(key, `filter (${key})`);
  const path: string[] = [];
  let field = cursor.field();
  while (field.jsonPath.length === 0 && cursor.accept('.')) {
    path.push(field.name);
    field = cursor.field();
  }
  assertDone(cursor);
  return { path, field };
}

/** Where the quoted text opening at `start` closes (backslash escapes skipped), or -1. */
function closingQuote(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    if (text.charAt(index) === '\\') index += 1;
    else if (text.charAt(index) === '"') return index;
  }
  return -1;
}

function logicValue(cursor: Cursor, operator: Operator): FilterValue {
  if (operator === 'in') return { kind: 'list', items: listItems(cursor, '(', ')') };
  const start = cursor.position;
  if (cursor.peek() === '"') {
    // A quoted value ends at its closing quote; a value that only starts with `"` is plain, as in PostgREST.
    const end = closingQuote(cursor.text, start);
    const after = end === -1 ? '' : cursor.text.charAt(end + 1);
    if (end !== -1 && (after === '' || after === ',' || after === ')')) return { kind: 'text', text: cursor.quoted() };
  }
  let closed = false;
  if (cursor.peek() === '{') {
    // An array literal `{a,b}` may hold commas; a value that only starts with `{` (an id like `{abc`) is a
    // plain value up to the next `,` or `)`, as PostgREST reads it.
    let depth = 0;
    let inQuotes = false;
    while (!cursor.done) {
      const char = cursor.peek();
      if (inQuotes && char === '\\') cursor.position += 1;
      else if (char === '"') inQuotes = !inQuotes;
      else if (!inQuotes && char === '{') depth += 1;
      else if (!inQuotes && char === '}') depth -= 1;
      cursor.position += 1;
      if (depth === 0) break;
    }
    closed = depth === 0 && (cursor.done || cursor.peek() === ',' || cursor.peek() === ')');
    if (!closed) cursor.position = start;
  }
  if (!closed) {
    while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.position += 1;
  }
  const text = cursor.text.slice(start, cursor.position);
  return operator === 'is' ? isValue(text, cursor) : { kind: 'text', text };
}

function logicChildren(cursor: Cursor): LogicNode[] {
  cursor.expect('(');
  const children: LogicNode[] = [];
  for (;;) {
    children.push(logicNode(cursor));
    if (cursor.accept(')')) return children;
    cursor.expect(',');
  }
}

function logicNode(cursor: Cursor): LogicNode {
  for (const [prefix, operator, negated] of [
    ['not.and(', 'and', true],
    ['not.or(', 'or', true],
    ['and(', 'and', false],
    ['or(', 'or', false],
  ] as const) {
    if (cursor.startsWith(prefix)) {
      cursor.position += prefix.length - 1;
      return { kind: 'logic', tree: { operator, negated, children: cursor.nested(() => logicChildren(cursor)) } };
    }
  }
  const field = cursor.field();
  cursor.expect('.');
  const head = operatorPart(cursor);
  return { kind: 'condition', condition: { field, ...head, value: logicValue(cursor, head.operator) } };
}

/** The value of `or=(…)`, `and=(…)`, `not.or=(…)`. */
export function parseLogic(operator: 'and' | 'or', negated: boolean, text: string): LogicTree {
  const cursor = new Cursor(text, `logic tree (${text})`);
  const children = logicChildren(cursor);
  assertDone(cursor);
  return { operator, negated, children };
}

// ---------------------------------------------------------------- order, limit

export function parseOrder(text: string): OrderTerm[] {
  const cursor = new Cursor(text, `order (${text})`);
  const terms: OrderTerm[] = [];
  for (;;) {
    let embed: string | null = null;
    let field = cursor.field();
    if (field.jsonPath.length === 0 && cursor.accept('(')) {
      embed = field.name;
      field = cursor.field();
      cursor.expect(')');
    }
    const term: OrderTerm = { embed, field, direction: null, nulls: null };
    while (cursor.accept('.')) {
      const start = cursor.position;
      while (!cursor.done && /[a-z]/.test(cursor.peek())) cursor.position += 1;
      const word = cursor.text.slice(start, cursor.position);
      if (word === 'asc' || word === 'desc') term.direction = word;
      else if (word === 'nullsfirst') term.nulls = 'first';
      else if (word === 'nullslast') term.nulls = 'last';
      else {
        cursor.position = start;
        throw cursor.fail('expecting asc, desc, nullsfirst or nullslast');
      }
    }
    terms.push(term);
    if (cursor.done) return terms;
    cursor.expect(',');
  }
}

export function parseCount(name: string, text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw parseError(`${name} (${text})`, `"${text}" is not a non-negative integer`);
  return Number(text);
}

/** `columns="a","b"` or `columns=a,b`. */
export function parseColumnList(text: string): string[] {
  const cursor = new Cursor(text, `columns (${text})`);
  const names: string[] = [];
  for (;;) {
    names.push(cursor.name());
    if (cursor.done) return names;
    cursor.expect(',');
  }
}
