// The stack's answers travel compressed as Supabase's gateway sends them: JSON of 1 KiB or more gzipped for a client
// that accepts gzip (the same rows, a fraction of the bytes); small answers, clients that refuse gzip and Storage's
// files go out as they are; the official client reads the compressed answers unaware.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, MIN_BYTES } from '../../supabase/local/http-compression.ts';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const ROWS = 2000;
const FIXTURE = `
CREATE TABLE hz_linhas (n int PRIMARY KEY, nome text NOT NULL);
GRANT ALL ON hz_linhas TO anon, authenticated, service_role;
INSERT INTO hz_linhas (n, nome) SELECT i, 'Produto ' || i FROM generate_series(1, ${ROWS}) i;
`;

let stack: TestStack;

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.exec(FIXTURE);
  stack = await startTestStack({ db });
});

afterAll(async () => {
  await stack.close();
  await stack.db.close();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire. */
  body: Buffer;
}

/** A request through Node's own HTTP client, which neither asks for nor undoes any compression by itself. */
function rawRequest(path: string, headers: Record<string, string>, method = 'GET', body?: Buffer): Promise<RawAnswer> {
  const key = stack.serviceRoleKey;
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${stack.url}${path}`,
      { method, headers: { apikey: key, authorization: `Bearer ${key}`, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('compressed answers', () => {
  it('a large select goes out gzipped to a client that accepts it: the same rows for a fraction of the bytes', async () => {
    const path = '/rest/v1/hz_linhas?select=n,nome&order=n';
    const plain = await rawRequest(path, { 'accept-encoding': 'identity', prefer: 'count=exact' });
    const zipped = await rawRequest(path, { 'accept-encoding': 'gzip, deflate, br', prefer: 'count=exact' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.byteLength);
    // PostgREST's own headers stay as they were.
    expect(zipped.headers['content-range']).toBe(`0-${ROWS - 1}/${ROWS}`);
    expect(zipped.headers['content-range']).toBe(plain.headers['content-range']);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect((JSON.parse(plain.body.toString('utf8')) as unknown[]).length).toBe(ROWS);
    expect(zipped.body.byteLength * 4).toBeLessThan(plain.body.byteLength);
  });

  it('an answer under 1 KiB, a client that refuses gzip and a HEAD go out as they are', async () => {
    const small = await rawRequest('/rest/v1/hz_linhas?select=n&n=eq.1', { 'accept-encoding': 'gzip' });
    expect(small.body.byteLength).toBeLessThan(MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual([{ n: 1 }]);
    const refused = await rawRequest('/rest/v1/hz_linhas?select=n,nome', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(refused.body.toString('utf8')) as unknown[]).length).toBe(ROWS);
    const head = await rawRequest('/rest/v1/hz_linhas?select=n,nome', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.byteLength).toBe(0);
  });

  it('the official client reads compressed answers as plain ones', async () => {
    const { data, error } = await stack.serviceClient().from('hz_linhas').select('n, nome').order('n');
    expect(error).toBeNull();
    expect(data).toHaveLength(ROWS);
    expect(data?.[ROWS - 1]).toEqual({ n: ROWS, nome: `Produto ${ROWS}` });
  });

  it('a stored text file is sent byte for byte (only REST answers are compressed)', async () => {
    const storage = stack.serviceClient().storage;
    const bucket = `hz-${Date.now()}`;
    expect((await storage.createBucket(bucket, { public: false })).error).toBeNull();
    const text = 'linha de texto\n'.repeat(400);
    expect((await storage.from(bucket).upload('notas.txt', text, { contentType: 'text/plain' })).error).toBeNull();
    const file = await rawRequest(`/storage/v1/object/${bucket}/notas.txt`, { 'accept-encoding': 'gzip' });
    expect(file.status).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.body.toString('utf8')).toBe(text);
  });
});

describe('Accept-Encoding', () => {
  it('takes gzip by name or by *, unless its weight is zero', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, identity')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
