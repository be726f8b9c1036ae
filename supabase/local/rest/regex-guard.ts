// Which POSIX regular expressions (`match`, `imatch`) may reach Postgres. Its engine copies the operand of a
// counted repetition once per count and backtracks on back-references, so a short pattern such as
// `((.*){1,255}){1,255}!` holds PGlite's single thread (every tenant's requests) for minutes. Those shapes are
// refused up front, with the error Postgres itself gives a regex it finds too complex.

/** Postgres's message (SQLSTATE 2201B) for a pattern beyond its compile limits. */
export const TOO_COMPLEX = 'invalid regular expression: regular expression is too complex';

export const REGEX_LIMITS = {
  /** Characters of one pattern. */
  maxLength: 1000,
  /** Atoms after counted repetitions are expanded (`[0-9]{5}` is 5, `(ab){3}` is 6). */
  maxExpandedAtoms: 1000,
};

interface Frame {
  /** Atoms written in this group, counted repetitions expanded. */
  size: number;
  /** Whether a quantifier appears anywhere inside. */
  quantified: boolean;
}

/** What a quantifier would apply to. */
interface Operand {
  size: number;
  quantified: boolean;
}

const CONSTRAINT_ESCAPES = new Set(['A', 'Z', 'm', 'M', 'y', 'Y', 'b', 'B']);

/** End of a bracket expression starting at `start` (on `[`): the index after its `]`. */
function skipBracket(pattern: string, start: number): number {
  let index = start + 1;
  if (pattern[index] === '^') index += 1;
  if (pattern[index] === ']') index += 1;
  while (index < pattern.length && pattern[index] !== ']') {
    const char = pattern[index];
    const next = pattern[index + 1];
    if (char === '\\') index += 2;
    else if (char === '[' && (next === ':' || next === '.' || next === '=')) {
      const close = pattern.indexOf(`${next}]`, index + 2);
      index = close < 0 ? pattern.length : close + 2;
    } else index += 1;
  }
  return index + 1;
}

/** A counted bound `{m}`, `{m,}` or `{m,n}` at `start`: its largest count and the index after it, or null. */
function readBound(pattern: string, start: number): { count: number; end: number } | null {
  const match = /^\{(\d{1,5})(,(\d{0,5}))?\}/.exec(pattern.slice(start, start + 13));
  if (!match) return null;
  const low = Number(match[1]);
  const high = match[3] ? Number(match[3]) : low;
  return { count: Math.max(low, high, 1), end: start + match[0].length };
}

/** The pattern after ARE's director prefixes, or null when they make it literal text. */
function body(pattern: string): string | null | { refused: string } {
  if (pattern.startsWith('***=')) return null;
  let rest = pattern.startsWith('***:') ? pattern.slice(4) : pattern;
  const options = /^\(\?([a-z]*)\)/.exec(rest);
  if (options) {
    const letters = options[1] ?? '';
    if (letters.includes('q')) return null;
    if (letters.includes('b') || letters.includes('x')) return { refused: 'basic or expanded syntax' };
    rest = rest.slice(options[0].length);
  }
  return rest;
}

/** Why `pattern` may not run (a short reason for the error's details), or null when it may. */
export function regexRisk(pattern: string): string | null {
  if (pattern.length > REGEX_LIMITS.maxLength) return `longer than ${REGEX_LIMITS.maxLength} characters`;
  const text = body(pattern);
  if (text === null) return null;
  if (typeof text !== 'string') return text.refused;
  const stack: Frame[] = [{ size: 0, quantified: false }];
  let last: Operand | null = null;
  const top = (): Frame => stack[stack.length - 1] ?? { size: 0, quantified: false };
  const atom = (size: number) => {
    top().size += size;
    last = { size, quantified: false };
  };
  for (let index = 0; index < text.length;) {
    const char = text.charAt(index);
    const bound = char === '{' ? readBound(text, index) : null;
    if (char === '*' || char === '+' || char === '?' || bound) {
      const operand: Operand = last ?? { size: 0, quantified: false };
      if (bound) {
        if (operand.quantified) return 'nested counted repetition';
        // Postgres copies the operand once per count.
        top().size += operand.size * (bound.count - 1);
      }
      top().quantified = true;
      last = { size: operand.size, quantified: true };
      index = bound ? bound.end : index + 1;
      if (text[index] === '?') index += 1;
      continue;
    }
    if (char === '\\') {
      const next = text.charAt(index + 1);
      if (next >= '1' && next <= '9') return 'back-reference';
      atom(CONSTRAINT_ESCAPES.has(next) ? 0 : 1);
      index += 2;
    } else if (char === '[') {
      atom(1);
      index = skipBracket(text, index);
    } else if (char === '(') {
      stack.push({ size: 0, quantified: false });
      last = null;
      index += text.startsWith('(?<', index) ? 4 : text.startsWith('(?', index) ? 3 : 1;
    } else if (char === ')' && stack.length > 1) {
      const group = stack.pop() ?? { size: 0, quantified: false };
      top().size += group.size;
      top().quantified ||= group.quantified;
      last = { size: group.size, quantified: group.quantified };
      index += 1;
    } else if (char === '|' || char === '^' || char === '$') {
      last = null;
      index += 1;
    } else {
      atom(1);
      index += 1;
    }
  }
  const total = stack.reduce((sum, frame) => sum + frame.size, 0);
  return total > REGEX_LIMITS.maxExpandedAtoms
    ? `more than ${REGEX_LIMITS.maxExpandedAtoms} atoms once repetitions are expanded`
    : null;
}

/** The elements of a Postgres array literal such as `{a,"b,c",d\,e}` (nested braces flattened), unescaped. */
export function arrayElements(literal: string): string[] {
  const elements: string[] = [];
  let index = 0;
  while (index < literal.length) {
    const char = literal.charAt(index);
    if (char === '{' || char === '}' || char === ',' || char.trim() === '') {
      index += 1;
      continue;
    }
    let element = '';
    if (char === '"') {
      index += 1;
      while (index < literal.length && literal[index] !== '"') {
        if (literal[index] === '\\') index += 1;
        element += literal.charAt(index);
        index += 1;
      }
      index += 1;
    } else {
      while (index < literal.length && !['{', '}', ','].includes(literal.charAt(index))) {
        if (literal[index] === '\\') index += 1;
        element += literal.charAt(index);
        index += 1;
      }
      element = element.trim();
    }
    elements.push(element);
  }
  return elements;
}
