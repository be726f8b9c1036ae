// The statement arithmetic: the running balance in cents, newest first, same-day facts in the order recorded.
import { describe, expect, it } from 'vitest';
import { balanceOfFacts, statementOf, toCents, type StatementFact } from '../../workers/clients/statement.ts';

const fact = (
  id: string,
  kind: StatementFact['kind'],
  valor: number,
  data: string,
  created_at = `${data}T12:00:00.000Z`,
): StatementFact => ({
  id,
  kind,
  valor,
  data,
  created_at,
  descricao: null,
});

describe('statementOf', () => {
  it('adds sales and debits, subtracts payments, and gives the balance after each entry, newest first', () => {
    const entries = statementOf([
      fact('c', 'pagamento', 5, '2026-03-02'),
      fact('a', 'venda', 10.1, '2026-03-01'),
      fact('b', 'debito', 0.2, '2026-03-01', '2026-03-01T15:00:00.000Z'),
    ]);
    expect(entries.map((entry) => [entry.id, entry.saldo])).toEqual([
      ['c', 5.3],
      ['b', 10.3],
      ['a', 10.1],
    ]);
  });

  it('never drifts: a thousand 0.1 debits are exactly 100, and paying them back is exactly 0', () => {
    const debits = Array.from({ length: 1000 }, (_, index) =>
      fact(`d${String(index).padStart(4, '0')}`, 'debito', 0.1, '2026-01-01'),
    );
    const statement = statementOf(debits);
    expect(statement[0]?.saldo).toBe(100);
    expect(balanceOfFacts([...debits, fact('p', 'pagamento', 100, '2026-01-02')])).toBe(0);
  });

  it('orders facts of the same moment by id, so every device shows the same statement', () => {
    const entries = statementOf([fact('b', 'debito', 1, '2026-01-01'), fact('a', 'debito', 2, '2026-01-01')]);
    expect(entries.map((entry) => entry.id)).toEqual(['b', 'a']);
    expect(entries.map((entry) => entry.saldo)).toEqual([3, 2]);
  });

  it('is empty without facts', () => {
    expect(statementOf([])).toEqual([]);
    expect(balanceOfFacts([])).toBe(0);
  });
});

describe('toCents', () => {
  it.each([
    [1.005, 101],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [0, 0],
  ])('%s → %s cents', (value, expected) => {
    expect(toCents(value)).toBe(expected);
  });
});
