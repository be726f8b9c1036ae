// SQL text helpers for the REST gateway: identifier and literal quoting, and a collector of bound parameters.

/** Quotes a name as a Postgres identifier; only names checked against the catalogue or aliases reach here. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Quotes a string literal (used only for JSON keys and catalogue-derived names, never for values). */
export function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/** Collects the values of one statement; each `add` returns the placeholder that binds it. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Renders a list of strings as a Postgres array literal, every element quoted. */
export function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
