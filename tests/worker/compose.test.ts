// The API is composed from the list of domains: a live-query name two domains share, or a domain called `live`,
// stops the worker at start-up instead of one query silently replacing the other.
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { composeApi } from '../../workers/compose.ts';

describe('composeApi', () => {
  it('puts each domain under its name and every live query in one registry', () => {
    const api = composeApi({
      products: { handlers: { create: () => 'p1' }, live: { productStock: (_params: undefined) => of(3) } },
      clients: { handlers: { create: () => 'c1' }, live: { clientBalance: (_params: undefined) => of(9) } },
      stock: { handlers: {} },
    });
    expect(api.products.create()).toBe('p1');
    expect(api.clients.create()).toBe('c1');
    const seen: unknown[] = [];
    api.live.subscribe('clientBalance', undefined, (update) => seen.push(update));
    expect(seen).toEqual([{ status: 'ok', value: 9 }]);
  });

  it('refuses a live-query name exposed by two domains', () => {
    expect(() =>
      composeApi({
        products: { handlers: {}, live: { summary: (_params: undefined) => of(1) } },
        sales: { handlers: {}, live: { summary: (_params: undefined) => of(2) } },
      }),
    ).toThrow('live query "summary" is exposed by both "products" and "sales"');
  });

  it('refuses a domain named like the live-query registry', () => {
    expect(() => composeApi({ live: { handlers: {} } })).toThrow('"live" is the live-query registry');
  });
});
