// REST query parameters nested thousands of levels deep (embeds in `select`, `and`/`or` trees) get PostgREST's
// 400 PGRST100 instead of overflowing the parser's stack into a 500; ordinary nesting still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack.close();
});

async function get(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.url}/rest/v1/produtos?${query}`, {
    headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const nest = (open: string, inner: string, depth: number) => `${open.repeat(depth)}${inner}${')'.repeat(depth)}`;

describe('deeply nested REST parameters', () => {
  it('answer 400 PGRST100 for a select nested 3,000 embeds deep', async () => {
    const { status, body } = await get(`select=${nest('x(', 'id', 3000)}`);
    expect(status).toBe(400);
    expect(body.code).toBe('PGRST100');
  });

  it('answer 400 PGRST100 for an or= tree nested 3,000 levels deep', async () => {
    const { status, body } = await get(`or=(${nest('and(', 'id.eq.1', 3000)})`);
    expect(status).toBe(400);
    expect(body.code).toBe('PGRST100');
  });

  it('still read a tree nested 50 levels deep', async () => {
    const { status, body } = await get(`select=id&or=(${nest('and(', 'nome.like.*arroz*', 50)})`);
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});
