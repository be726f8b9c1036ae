// The REST grammar's reading of logic-tree values (or=(…), and=(…)) and select items, without a database: a value
// that only starts with `{` or `"` is plain up to the next `,` or `)` (PostgREST's fallback); a closed array literal
// or quoted value keeps its commas; aggregates parse only where enabled.
import { describe, expect, it } from 'vitest';
import { parseLogic, parseSelect, type LogicNode } from '../../supabase/local/rest/grammar.ts';

/** The values of a flat logic tree's conditions, in order. */
function values(text: string): string[] {
  return parseLogic('or', false, text).children.map((child: LogicNode) => {
    if (child.kind !== 'condition' || child.condition.value.kind !== 'text') throw new Error(`not a text condition: ${text}`);
    return child.condition.value.text;
  });
}

describe('logic-tree values', () => {
  it.each([
    ['(id.gt.{abc)', ['{abc']],
    ['(id.gt.{abc,nome.eq.x)', ['{abc', 'x']],
    ['(id.eq.{a,b},id.eq.c)', ['{a,b}', 'c']],
    ['(id.eq.{a}b,id.eq.c)', ['{a}b', 'c']],
    ['(id.eq.{{1,2},{3,4}})', ['{{1,2},{3,4}}']],
    ['(id.gt."abc)', ['"abc']],
    ['(id.gt."abc,nome.eq."x, y")', ['"abc', 'x, y']],
    ['(nome.eq."a,b",id.eq.c)', ['a,b', 'c']],
    ['(nome.eq."com \\"aspas\\"")', ['com "aspas"']],
    ['(id.eq.meio"aspas,id.eq.}x)', ['meio"aspas', '}x']],
  ])('%s', (text, expected) => {
    expect(values(text)).toEqual(expected);
  });
});

describe('aggregates in select', () => {
  it('are refused unless enabled, and read with their casts and aliases when enabled', () => {
    expect(() => parseSelect('preco.sum()')).toThrow('Use of aggregate functions is not allowed');
    expect(() => parseSelect('count()')).toThrow('Use of aggregate functions is not allowed');
    expect(parseSelect('total:preco::numeric.sum()::int,count(),grupo', { aggregates: true })).toEqual([
      {
        kind: 'column',
        field: { name: 'preco', jsonPath: [] },
        alias: 'total',
        cast: 'numeric',
        aggregate: { fn: 'sum', cast: 'int' },
      },
      { kind: 'column', field: { name: '', jsonPath: [] }, alias: null, cast: null, aggregate: { fn: 'count', cast: null } },
      { kind: 'column', field: { name: 'grupo', jsonPath: [] }, alias: null, cast: null },
    ]);
    expect(() => parseSelect('preco.median()', { aggregates: true })).toThrow();
  });

  it('keeps the legacy embedded count (messages(count)) as a column named count', () => {
    expect(parseSelect('msgs(count)')).toEqual([
      {
        kind: 'embed',
        name: 'msgs',
        alias: null,
        hint: null,
        joinType: null,
        spread: false,
        items: [{ kind: 'column', field: { name: 'count', jsonPath: [] }, alias: null, cast: null }],
      },
    ]);
  });
});
