// The client's statement (extrato): fiado sales, debits and payments with the balance after each, newest first,
// added up in whole cents so that long statements never drift; an entry corrected by a reversal shows as reversed.

export type StatementKind = 'venda' | 'debito' | 'pagamento';

/** One fact of the client's fiado ledger as the statement reads it. */
export interface StatementFact {
  readonly id: string;
  readonly kind: StatementKind;
  /** The amount in reais (always positive; a payment lowers the balance). */
  readonly valor: number;
  /** The calendar date (yyyy-MM-dd). */
  readonly data: string;
  /** When it was recorded (orders facts of the same day). */
  readonly created_at: string;
  readonly descricao: string | null;
  /** For a reversal: the ledger entry it corrects. */
  readonly estornoDe?: string | null;
}

export interface StatementEntry extends StatementFact {
  /** The balance right after this fact, in reais. */
  readonly saldo: number;
  /** A later entry reverses this one. */
  readonly estornado: boolean;
}

/** Reais to whole cents without floating-point drift (1.005 → 101). */
export function toCents(value: number): number {
  return Math.round(Number((value * 100).toFixed(6)));
}

/** What a fact does to the balance, in cents. */
export function effectInCents(fact: StatementFact): number {
  const amount = toCents(fact.valor);
  return fact.kind === 'pagamento' ? -amount : amount;
}

function oldestFirst(a: StatementFact, b: StatementFact): number {
  if (a.data !== b.data) return a.data < b.data ? -1 : 1;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The statement, newest first, each entry with the balance after it. `balance`, the client's balance, anchors the
 * running balance when the entries before the window this device keeps are online only: the newest entry ends on
 * it. Without it, the balance starts from zero.
 */
export function statementOf(facts: readonly StatementFact[], balance?: number): StatementEntry[] {
  const reversed = new Set(facts.flatMap((fact) => (fact.estornoDe ? [fact.estornoDe] : [])));
  let running = balance === undefined ? 0 : toCents(balance) - facts.reduce((sum, fact) => sum + effectInCents(fact), 0);
  const entries = [...facts].sort(oldestFirst).map((fact) => {
    running += effectInCents(fact);
    return { ...fact, saldo: running / 100, estornado: reversed.has(fact.id) };
  });
  return entries.reverse();
}

/** The balance the facts add up to, in reais. */
export function balanceOfFacts(facts: readonly StatementFact[]): number {
  return facts.reduce((sum, fact) => sum + effectInCents(fact), 0) / 100;
}
