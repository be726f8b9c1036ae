// Postgres LIKE and ILIKE without regular expressions: the pattern splits at `%` into fixed-length pieces placed
// leftmost one after another, so a match costs at most (text length × pattern length) steps and never backtracks.

/** A position of a piece that matches any one character (`_`). */
const ANY = -1;

export interface LikePattern {
  /** The pieces between `%` signs (code points, or ANY); a pattern without `%` has exactly one. */
  readonly pieces: readonly (readonly number[])[];
  readonly caseInsensitive: boolean;
}

export class LikePatternError extends Error {}

/** ILIKE folds each character on its own, as Postgres's lower() does: one code point stays one code point. */
function fold(code: number): number {
  const lower = String.fromCodePoint(code).toLowerCase();
  return lower.codePointAt(0) ?? code;
}

function codePoints(text: string, caseInsensitive: boolean): number[] {
  const points: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    points.push(caseInsensitive ? fold(code) : code);
  }
  return points;
}

/**
 * Reads a pattern with Postgres's default escape (`\`). A lone escape at the end can never match anything
 * (Postgres raises once it reaches it), so it is refused up front with Postgres's message.
 */
export function compileLike(pattern: string, caseInsensitive: boolean): LikePattern {
  let current: number[] = [];
  const pieces: number[][] = [current];
  let escaped = false;
  for (const char of pattern) {
    const code = char.codePointAt(0) ?? 0;
    if (escaped) {
      current.push(caseInsensitive ? fold(code) : code);
      escaped = false;
    } else if (char === '\\') {
      escaped = true;
    } else if (char === '%') {
      current = [];
      pieces.push(current);
    } else if (char === '_') {
      current.push(ANY);
    } else {
      current.push(caseInsensitive ? fold(code) : code);
    }
  }
  if (escaped) throw new LikePatternError('LIKE pattern must not end with escape character');
  return { pieces, caseInsensitive };
}

function matchesAt(piece: readonly number[], text: readonly number[], start: number): boolean {
  for (let index = 0; index < piece.length; index++) {
    const wanted = piece[index];
    if (wanted !== ANY && wanted !== text[start + index]) return false;
  }
  return true;
}

/** The leftmost start in [from, end - piece.length] where `piece` matches, or -1. */
function find(piece: readonly number[], text: readonly number[], from: number, end: number): number {
  for (let start = from; start + piece.length <= end; start++) {
    if (matchesAt(piece, text, start)) return start;
  }
  return -1;
}

/**
 * Whether `text` matches. With pieces p0 % p1 % … % pn: p0 must start the text, pn must end it, and each
 * middle piece is placed at its leftmost fit after the previous one. Leftmost is always right: the pieces have
 * fixed lengths, so an earlier placement leaves every later piece at least as much room.
 */
export function likeMatches(pattern: LikePattern, text: string): boolean {
  const points = codePoints(text, pattern.caseInsensitive);
  const { pieces } = pattern;
  const first = pieces[0] ?? [];
  if (pieces.length === 1) return points.length === first.length && matchesAt(first, points, 0);
  const last = pieces[pieces.length - 1] ?? [];
  const end = points.length - last.length;
  if (first.length > end || !matchesAt(first, points, 0) || !matchesAt(last, points, end)) return false;
  let position = first.length;
  for (let index = 1; index < pieces.length - 1; index++) {
    const piece = pieces[index] ?? [];
    const at = find(piece, points, position, end);
    if (at < 0) return false;
    position = at + piece.length;
  }
  return true;
}
