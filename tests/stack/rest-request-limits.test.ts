// What one REST request may make the database do: embeds nest at most 10 deep (400 PGRST100); the rows embeds build
// are counted as they are built and a statement passing the budget stops (500 54000), while a page of a long,
// ordered list builds only the page's embeds; PostgREST's db-max-rows caps the top level; a body over the response
// limit is refused; each API role's settings (statement_timeout 3 s anonymous, 8 s signed in, as Supabase) apply
// to its requests and follow ALTER ROLE after NOTIFY pgrst, 'reload config'; on Postgres the timeout stops a
// statement (500 57014) and a client hanging up cancels its statement; a caller's requests take turns.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallerGate } from '../../supabase/local/rest/caller-gate.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURE = `
CREATE TABLE fz_pedidos (id int PRIMARY KEY, criado int NOT NULL, nota text NOT NULL DEFAULT '');
CREATE TABLE fz_itens (id int PRIMARY KEY, pedido_id int NOT NULL REFERENCES fz_pedidos (id), nome text NOT NULL);
CREATE TABLE fz_nos (id int PRIMARY KEY, pai_id int REFERENCES fz_nos (id));
GRANT ALL ON fz_pedidos, fz_itens, fz_nos TO anon, authenticated, service_role;
-- 30 orders of 3 items, and one order of 60 items.
INSERT INTO fz_pedidos SELECT i, i FROM generate_series(1, 31) i;
INSERT INTO fz_itens SELECT (p - 1) * 3 + n, p, 'item ' || n FROM generate_series(1, 30) p, generate_series(1, 3) n;
INSERT INTO fz_itens SELECT 1000 + n, 31, 'item ' || n FROM generate_series(1, 60) n;
INSERT INTO fz_nos VALUES (1, NULL), (2, 1);
CREATE FUNCTION fz_ajuste(nome text) RETURNS text LANGUAGE sql STABLE AS $$ SELECT current_setting(nome) $$;
CREATE FUNCTION fz_dormir(segundos float8) RETURNS void LANGUAGE sql AS $$ SELECT pg_sleep(segundos) $$;
GRANT EXECUTE ON FUNCTION fz_ajuste(text), fz_dormir(float8) TO anon, authenticated, service_role;`;

const BUDGET = 50;
let stack: TestStack;
let userToken: string;

beforeAll(async () => {
  stack = await startTestStack({ config: { restLimits: { maxEmbeddedRows: BUDGET, maxRows: 100, maxResponseBytes: 4000 } } });
  await stack.db.exec(FIXTURE);
  userToken = await stack.mintUserToken(randomUUID(), {}, { signIn: false });
});

afterAll(async () => {
  await stack.close();
});

async function get(
  path: string,
  token = stack.serviceRoleKey,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown), headers: response.headers };
}

/** The value of setting `name` in a request made with `token`. */
async function setting(name: string, token: string): Promise<unknown> {
  return (await get(`rpc/fz_ajuste?nome=${name}`, token)).body;
}

const nested = (depth: number) => `${'fz_nos!pai_id(id,'.repeat(depth)}id${')'.repeat(depth)}`;

describe('embed depth', () => {
  it('is 10 at most: one more level is refused with 400 PGRST100 before reaching the database', async () => {
    expect((await get(`fz_nos?select=id,${nested(10)}`)).status).toBe(200);
    const deeper = await get(`fz_nos?select=id,${nested(11)}`);
    expect(deeper.status).toBe(400);
    expect(deeper.body).toMatchObject({
      code: 'PGRST100',
      details: expect.stringContaining('at most 10 nested embeds') as unknown,
    });
  });
});

describe('rows built by embeds', () => {
  it('stop the statement past the budget with 500 54000', async () => {
    const small = await get('fz_pedidos?select=id,fz_itens(id)&id=lte.16');
    expect(small.status).toBe(200);
    expect(small.body).toHaveLength(16);
    const over = await get('fz_pedidos?select=id,fz_itens(id)&id=eq.31');
    expect(over.status).toBe(500);
    expect(over.body).toMatchObject({ code: '54000', message: `the embedded resources would build more than ${BUDGET} rows` });
    // To-one embeds count too: each item's order is one more row.
    const toOne = await get('fz_itens?select=id,fz_pedidos(id)&id=lte.90');
    expect(toOne.status).toBe(500);
    expect(toOne.body).toMatchObject({ code: '54000' });
    for (const spread of [
      'fz_pedidos?select=id,...fz_itens(nome)&id=eq.31',
      'fz_itens?select=id,...fz_pedidos(criado)&id=lte.60',
    ]) {
      expect((await get(spread)).body, spread).toMatchObject({ code: '54000' });
    }
    const filtered = await get('fz_pedidos?select=id,fz_itens!inner(id)&id=eq.31');
    expect(filtered.body).toMatchObject({ code: '54000' });
  });

  it('are only those of the page: a short page of a long ordered list, counted, is answered', async () => {
    // 31 orders and 150 items in all: the page's five orders have 15.
    const page = await get('fz_pedidos?select=id,fz_itens(id)&id=lte.30&order=criado.desc&limit=5', stack.serviceRoleKey, {
      headers: { prefer: 'count=exact' },
    });
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('0-4/30');
    expect((page.body as { id: number; fz_itens: unknown[] }[]).map((order) => [order.id, order.fz_itens.length])).toEqual([
      [30, 3],
      [29, 3],
      [28, 3],
      [27, 3],
      [26, 3],
    ]);
  });
});

describe('db-max-rows and the response size', () => {
  it('the top level returns at most PGRST_DB_MAX_ROWS rows, with the whole count', async () => {
    const capped = await get('fz_itens?select=id&order=id', stack.serviceRoleKey, { headers: { prefer: 'count=exact' } });
    expect(capped.status).toBe(206);
    expect(capped.body).toHaveLength(100);
    expect(capped.headers.get('content-range')).toBe('0-99/150');
    expect((await get('fz_itens?select=id&order=id&limit=5')).body).toHaveLength(5);
  });

  it('a body over the limit is refused with 500 54000', async () => {
    expect((await get('fz_itens?select=id,nome&order=id&limit=10')).status).toBe(200);
    const over = await get('fz_itens?select=id,pedido_id,nome,outro:nome,mais_um:nome&order=id');
    expect(over.status).toBe(500);
    expect(over.body).toMatchObject({ code: '54000', message: 'the response would be larger than 4000 bytes' });
  });
});

describe("each API role's settings", () => {
  it('give requests the statement_timeout Supabase gives: 3 s anonymous, 8 s signed in, none for the service role', async () => {
    expect(await setting('statement_timeout', stack.anonKey)).toBe('3s');
    expect(await setting('statement_timeout', userToken)).toBe('8s');
    expect(await setting('statement_timeout', stack.serviceRoleKey)).toBe('0');
  });

  it('follow ALTER ROLE once the config is reloaded, and the timeout stops a statement on Postgres', async () => {
    await stack.db.exec(`DO $$ BEGIN
      EXECUTE format('ALTER ROLE authenticated IN DATABASE %I SET statement_timeout = %L', current_database(), '300ms');
    END $$; NOTIFY pgrst, 'reload config';`);
    const deadline = Date.now() + 10_000;
    while ((await setting('statement_timeout', userToken)) !== '300ms') {
      if (Date.now() > deadline) throw new Error('the role setting did not reach the requests');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await setting('statement_timeout', stack.anonKey)).toBe('3s');
    if (stack.db.engine === 'postgres') {
      const started = performance.now();
      const slept = await get('rpc/fz_dormir', userToken, {
        method: 'POST',
        body: JSON.stringify({ segundos: 5 }),
        headers: { 'content-type': 'application/json' },
      });
      expect(slept.status).toBe(500);
      expect(slept.body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
      expect(performance.now() - started).toBeLessThan(4000);
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('on Postgres, a client that hangs up cancels its statement', async () => {
    const running = async () => {
      const { rows } = await stack.db.query<{ running: number }>(
        `SELECT count(*)::int AS running FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND query LIKE '%fz_dormir%' AND pid <> pg_backend_pid()`,
      );
      return rows[0]?.running ?? 0;
    };
    const until = async (check: () => Promise<boolean>, what: string) => {
      const deadline = Date.now() + 10_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(what);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const hangUp = new AbortController();
    // The service role has no statement_timeout: only the cancel can stop this one before its 60 s.
    const request = fetch(`${stack.url}/rest/v1/rpc/fz_dormir`, {
      method: 'POST',
      body: JSON.stringify({ segundos: 60 }),
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
      signal: hangUp.signal,
    }).catch((error: unknown) => error);
    await until(async () => (await running()) === 1, 'the statement never started');
    hangUp.abort();
    await request;
    await until(async () => (await running()) === 0, 'the statement kept running after its client left');
  });
});

describe('turns between callers', () => {
  it("run a caller's requests beyond its turns one after another, and drop one whose client left while waiting", async () => {
    const gate = new CallerGate(1);
    const events: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        events.push(`start ${name}`);
        releases.push(() => {
          events.push(`end ${name}`);
          resolve(name);
        });
      });
    const first = gate.run('ana', task('a1'));
    const leaving = new AbortController();
    const left = gate.run('ana', task('a2'), leaving.signal).catch((error: unknown) => (error as Error).message);
    const third = gate.run('ana', task('a3'));
    const other = gate.run('bia', task('b1'));
    await Promise.resolve();
    expect(events).toEqual(['start a1', 'start b1']);
    leaving.abort(new Error('aborted'));
    expect(await left).toBe('aborted');
    releases.shift()?.();
    expect(await first).toBe('a1');
    releases.shift()?.();
    expect(await other).toBe('b1');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['start a1', 'start b1', 'end a1', 'end b1', 'start a3']);
    releases.shift()?.();
    expect(await third).toBe('a3');
    expect(gate.load('ana') + gate.load('bia')).toBe(0);
  });

  it('give the turn back when a request leaves just as its turn comes (a page that navigates away)', async () => {
    const gate = new CallerGate(1);
    let release = () => {};
    const first = gate.run('ana', () => new Promise<void>((resolve) => (release = resolve)));
    const leaving = new AbortController();
    const left = gate
      .run('ana', () => Promise.resolve('ran'), leaving.signal)
      .catch((error: unknown) => (error as Error).message);
    release();
    await first;
    // The turn was handed on and waits for the clients' input to be read: the request leaves in between.
    leaving.abort(new Error('aborted'));
    expect(await left).toBe('aborted');
    expect(await gate.run('ana', () => Promise.resolve('next'))).toBe('next');
    expect(gate.load('ana')).toBe(0);
  });
});
