// Edge Functions through the official supabase-js: a fixture handler receives the caller's JWT and the project's
// URL and keys, can call back into the stack as that caller (RLS decides), and failures, unknown names and the
// platform's JWT check answer as Supabase does.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { listen, type HttpFrontDoor } from '../../supabase/local/http.ts';
import { createFunctionsService } from '../../supabase/local/functions/service.ts';
import { functionsWithoutJwtCheck } from '../../supabase/local/functions/settings.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FIXTURES = fileURLToPath(new URL('./functions-fixtures/', import.meta.url));
const FIXTURE_SQL = `
CREATE TABLE fx_notas (id serial PRIMARY KEY, dono uuid NOT NULL, texto text NOT NULL);
ALTER TABLE fx_notas ENABLE ROW LEVEL SECURITY;
CREATE POLICY fx_notas_dono ON fx_notas FOR SELECT TO authenticated USING (dono = auth.uid());
GRANT SELECT ON fx_notas TO authenticated;
`;

let stack: TestStack;
let door: HttpFrontDoor;
let functionsUrl: string;
const idA = randomUUID();
const idB = randomUUID();

/** supabase-js pointed at the door serving the fixture functions (REST stays on the stack's URL). */
function client(accessToken?: string) {
  return createClient(functionsUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as never },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
  });
}

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.exec(FIXTURE_SQL);
  await db.query(`INSERT INTO fx_notas (dono, texto) VALUES ($1, 'fiado do Zé'), ($1, 'pagar fornecedor'), ($2, 'nota do B')`, [idA, idB]);
  stack = await startTestStack({ db });
  const service = createFunctionsService(
    { config: stack.config, db },
    { functionsDir: FIXTURES, withoutJwtCheck: ['aberta'], env: { FX_EXTRA: 'extra' } },
  );
  await service.start?.();
  door = await listen([service], 0);
  functionsUrl = `http://127.0.0.1:${door.port}`;
});

afterAll(async () => {
  await door.close();
  await stack.close();
  await stack.db.close();
});

describe('functions service', () => {
  it('calls the handler with the caller\'s JWT, the body and the project env', async () => {
    const token = await stack.mintUserToken(idA);
    const result = await client(token).functions.invoke<unknown>('eco', { body: { produto: 'arroz' } });
    expect(result.error as unknown).toBeNull();
    expect(result.data).toEqual({
      method: 'POST',
      path: '/functions/v1/eco',
      authorization: `Bearer ${token}`,
      body: JSON.stringify({ produto: 'arroz' }),
      env: { url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey, extra: 'extra' },
    });
    const get = await client(token).functions.invoke('eco/sub/caminho', { method: 'GET' });
    expect(get.data).toMatchObject({ method: 'GET', path: '/functions/v1/eco/sub/caminho', body: null });
  });

  it('lets the handler query the stack as its caller, so RLS decides', async () => {
    const asA = await client(await stack.mintUserToken(idA)).functions.invoke('notas');
    expect(asA.data).toEqual({ textos: ['fiado do Zé', 'pagar fornecedor'] });
    const asB = await client(await stack.mintUserToken(idB)).functions.invoke('notas');
    expect(asB.data).toEqual({ textos: ['nota do B'] });
    const asAnon = await client().functions.invoke('notas');
    expect(asAnon.data).toEqual({ textos: [] });
  });

  it('passes a handler\'s own error status through, and answers 500 when it throws', async () => {
    const token = await stack.mintUserToken(idA);
    const refused = await client(token).functions.invoke('falha', { body: { lancar: false } });
    expect(refused.error).toBeInstanceOf(FunctionsHttpError);
    const context = (refused.error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(422);
    expect(await context.json()).toEqual({ error: 'sem estoque' });
    const thrown = await client(token).functions.invoke('falha', { body: { lancar: true } });
    expect(((thrown.error as FunctionsHttpError).context as Response).status).toBe(500);
  });

  it('answers 404 for unknown names, shared folders and traversal attempts', async () => {
    for (const name of ['nao-existe', '_shared', '..%2F..%2Fsupabase%2Flocal%2Fmain']) {
      const response = await fetch(`${functionsUrl}/functions/v1/${name}`, { method: 'POST', headers: { authorization: `Bearer ${stack.anonKey}` } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });

  it('checks the JWT before running, except where turned off', async () => {
    const missing = await fetch(`${functionsUrl}/functions/v1/eco`, { method: 'POST' });
    expect(missing.status).toBe(401);
    const forged = await fetch(`${functionsUrl}/functions/v1/eco`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await stack.mintUserToken(idA)).slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ message: 'Invalid JWT' });
    const open = await fetch(`${functionsUrl}/functions/v1/aberta`, { method: 'POST' });
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('recebido POST');
  });

  it('reports a function that does not export a handler as a boot error', async () => {
    const result = await client(stack.anonKey).functions.invoke<unknown>('sem-handler');
    expect(((result.error as FunctionsHttpError).context as Response).status).toBe(503);
  });

  it('is mounted in the stack at /functions/v1', async () => {
    const response = await fetch(`${stack.url}/functions/v1/nao-existe`, { method: 'POST', headers: { authorization: `Bearer ${stack.anonKey}` } });
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it('reads verify_jwt = false per function from config.toml, as the Supabase CLI does', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'caderneta-config-'));
    try {
      const file = join(folder, 'config.toml');
      await writeFile(
        file,
        ['[api]', 'port = 54321', '', '[functions.webhook-pagamento]', 'verify_jwt = false # o provedor não manda JWT', '',
          '[functions.checkout]', 'verify_jwt = true', '', '[functions."outra"]', 'verify_jwt=false', '[auth]', 'verify_jwt = false'].join('\n'),
      );
      expect([...(await functionsWithoutJwtCheck(file))].sort()).toEqual(['outra', 'webhook-pagamento']);
      expect(await functionsWithoutJwtCheck(join(folder, 'nao-existe.toml'))).toEqual(new Set());
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
