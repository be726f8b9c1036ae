// Request bodies as an attacker sends them: far over each route's limit (streamed without buffering, or only
// declared), and JSON nested 100,000 deep. Every API answers 413 while the body is still arriving, cuts off a
// client that keeps sending, and answers 400 (never 500) to JSON nested too deep.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const MiB = 1024 * 1024;
/** What each hostile upload would send if nobody stopped it: far more than any route accepts. */
const HOSTILE_BYTES = 256 * MiB;
const CHUNK = Buffer.alloc(64 * 1024, 'a');
const BUCKET = 'fx-limite';
const BUCKET_LIMIT = 1 * MiB;

let stack: TestStack;
let ownerToken = '';

interface Outcome {
  status: number;
  body: string;
  /** Body bytes the client had sent when the answer arrived. */
  sentAtAnswer: number;
}

interface Upload {
  path: string;
  headers?: Record<string, string>;
  /** Declares this Content-Length instead of streaming a chunked body. */
  declaredLength?: number;
  /** What to send at the start of the body (the rest is filler). */
  prefix?: string;
}

/**
 * Streams up to HOSTILE_BYTES to the stack without ever holding more than one chunk, honouring back-pressure,
 * and reports when the answer came relative to what had been sent.
 */
function upload(options: Upload): Promise<Outcome> {
  const url = new URL(options.path, stack.url);
  return new Promise<Outcome>((resolve, reject) => {
    let sent = 0;
    let sentAtAnswer = -1;
    let status = 0;
    let body = '';
    let answered = false;
    let finished = false;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
    if (options.declaredLength !== undefined) headers['content-length'] = String(options.declaredLength);
    const request = http.request(url, { method: 'POST', headers, agent: false });
    const finish = () => {
      if (finished) return;
      finished = true;
      request.destroy();
      if (!answered) reject(new Error(`no answer after ${sent} bytes`));
      else resolve({ status, body, sentAtAnswer });
    };
    request.on('response', (response) => {
      answered = true;
      sentAtAnswer = sent;
      status = response.statusCode ?? 0;
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', finish);
      response.on('error', () => undefined);
    });
    request.on('error', finish);
    request.on('close', finish);
    if (options.declaredLength !== undefined && options.prefix === undefined) {
      // Only the headers: the answer must not wait for a body.
      request.flushHeaders();
      return;
    }
    const pump = () => {
      while (!finished && !answered && sent < HOSTILE_BYTES) {
        const chunk = sent === 0 && options.prefix ? Buffer.from(options.prefix) : CHUNK;
        sent += chunk.byteLength;
        if (!request.write(chunk)) {
          request.once('drain', pump);
          return;
        }
      }
      if (!finished && !answered && sent >= HOSTILE_BYTES) request.end();
      // A chunked body can end early: the client stops once answered.
      else if (!finished && answered && options.declaredLength === undefined) request.end();
    };
    pump();
  });
}

/**
 * A client that ignores the answer and goes on sending a chunked body over a raw socket, as an attacker's script
 * would; resolves with what it read and sent once the server closes the connection (or it sent everything).
 */
function relentlessUpload(
  path: string,
  headers: Record<string, string>,
): Promise<{ answer: string; sent: number; cutOff: boolean }> {
  const { hostname, port } = new URL(stack.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    let sent = 0;
    let done = false;
    const finish = (cutOff: boolean) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ answer, sent, cutOff });
    };
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => (answer += text));
    socket.on('error', () => {
      finish(true);
    });
    socket.on('close', () => {
      finish(sent < HOSTILE_BYTES);
    });
    const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Transfer-Encoding: chunked'];
    for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    const frame = Buffer.concat([Buffer.from(`${CHUNK.byteLength.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')]);
    const pump = () => {
      while (!done && sent < HOSTILE_BYTES) {
        sent += CHUNK.byteLength;
        if (!socket.write(frame)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!done) socket.end('0\r\n\r\n');
    };
    pump();
  });
}

const keyHeaders = () => ({ apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` });

/** 413 (Storage: its 400 carrying statusCode 413) while at most a quarter of the hostile body had gone out. */
function expectRefusedEarly(outcome: Outcome, limit: number): void {
  expect(outcome.sentAtAnswer).toBeGreaterThanOrEqual(0);
  expect(outcome.sentAtAnswer).toBeLessThan(HOSTILE_BYTES / 4);
  // The answer came only once the limit was passed (or the declared length said so).
  expect(outcome.sentAtAnswer === 0 || outcome.sentAtAnswer > limit).toBe(true);
}

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.query(`INSERT INTO storage.buckets (id, name, public, file_size_limit) VALUES ($1, $1, false, $2)`, [
    BUCKET,
    BUCKET_LIMIT,
  ]);
  stack = await startTestStack({ db });
  ownerToken = await stack.mintUserToken(crypto.randomUUID());
});

afterAll(async () => {
  const db = stack.db;
  await stack.close();
  await db.close();
});

describe('a body over the route limit is refused while it is still arriving', () => {
  it('Edge Functions: the webhook that needs no key answers 413 after 2 MiB', async () => {
    const outcome = await upload({ path: '/functions/v1/stripe-webhook', headers: { 'stripe-signature': 't=1,v1=00' } });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toMatchObject({ message: 'Request size limit exceeded' });
    expectRefusedEarly(outcome, 2 * MiB);
  });

  it('Auth: a sign-in body answers 413 request_entity_too_large after 64 KiB', async () => {
    const outcome = await upload({ path: '/auth/v1/token?grant_type=password', headers: keyHeaders() });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toMatchObject({ error_code: 'request_entity_too_large' });
    expectRefusedEarly(outcome, 64 * 1024);
  });

  it('REST: an insert answers 413 PGRST413 after 10 MiB, even with no Content-Length', async () => {
    const outcome = await upload({ path: '/rest/v1/produtos', headers: keyHeaders() });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toMatchObject({ code: 'PGRST413', message: 'Request size limit exceeded' });
    expectRefusedEarly(outcome, 10 * MiB);
  });

  it('Storage JSON: a list body answers EntityTooLarge after 1 MiB', async () => {
    const outcome = await upload({ path: `/storage/v1/object/list/${BUCKET}`, headers: keyHeaders() });
    expect(JSON.parse(outcome.body)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expectRefusedEarly(outcome, MiB);
  });

  it("Storage upload: a raw body answers EntityTooLarge after the bucket's limit", async () => {
    const outcome = await upload({
      path: `/storage/v1/object/${BUCKET}/grande.bin`,
      headers: { ...keyHeaders(), authorization: `Bearer ${ownerToken}`, 'content-type': 'application/octet-stream' },
    });
    expect(JSON.parse(outcome.body)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expectRefusedEarly(outcome, BUCKET_LIMIT);
  });

  it("Storage upload: a multipart body answers EntityTooLarge after the bucket's limit", async () => {
    const boundary = 'limite-caderneta';
    const outcome = await upload({
      path: `/storage/v1/object/${BUCKET}/grande-multipart.bin`,
      headers: {
        ...keyHeaders(),
        authorization: `Bearer ${ownerToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      prefix: `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="grande.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    });
    expect(JSON.parse(outcome.body)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expectRefusedEarly(outcome, BUCKET_LIMIT);
  });

  it('a declared Content-Length over the limit is answered before any byte of the body is sent', async () => {
    const outcome = await upload({
      path: '/functions/v1/stripe-webhook',
      headers: { 'stripe-signature': 't=1,v1=00' },
      declaredLength: 1024 * MiB,
    });
    expect(outcome.status).toBe(413);
    expect(outcome.sentAtAnswer).toBe(0);
  });

  it('a client that keeps sending after the 413 is cut off, and the stack keeps serving', async () => {
    const before = process.memoryUsage().rss;
    const outcome = await relentlessUpload('/functions/v1/stripe-webhook', { 'stripe-signature': 't=1,v1=00' });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.cutOff).toBe(true);
    expect(outcome.sent).toBeLessThan(HOSTILE_BYTES / 2);
    // Nothing of it stayed in memory (generous: the stack and this test share one process).
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * MiB);
    const health = await fetch(`${stack.url}/auth/v1/health`);
    expect(health.status).toBe(200);
  });

  it('a body within the limit still reaches the route', async () => {
    const { data, error } = await stack
      .client(ownerToken)
      .storage.from(BUCKET)
      .upload(`${crypto.randomUUID()}/ok.bin`, Buffer.alloc(BUCKET_LIMIT - 1, 1));
    // Reaches the bucket's policies (none grant this fixture bucket), which is past the body reader.
    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: '403' });
  });
});

describe('JSON nested 100,000 deep is a 400, never a 500', () => {
  const deepArray = '['.repeat(100_000) + ']'.repeat(100_000);
  const deepObject = (key: string) => `{"${key}":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: { ...keyHeaders(), 'content-type': 'application/json', ...headers },
      body,
    });

  it('REST: table writes and RPC arguments answer PGRST102', async () => {
    for (const [path, body] of [
      ['/rest/v1/produtos', deepArray],
      ['/rest/v1/produtos', deepObject('nome')],
      ['/rest/v1/rpc/get_expense_summary', deepObject('p_user_id')],
    ] as const) {
      const response = await post(path, body, { authorization: `Bearer ${ownerToken}` });
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'PGRST102' });
    }
  });

  it('Auth: sign-up with deeply nested user data answers bad_json (100,000 deep is over the size limit first)', async () => {
    const signUp = (data: string) =>
      post('/auth/v1/signup', `{"email":"fundo@teste.dev","password":"caderneta123","data":${data}}`);
    const deep = await signUp(deepObject('x'));
    expect(deep.status).toBe(413);
    const nested = '['.repeat(20_000) + ']'.repeat(20_000);
    const withinSize = await signUp(`{"x":${nested}}`);
    expect(withinSize.status).toBe(400);
    expect(await withinSize.json()).toMatchObject({ error_code: 'bad_json' });
  });

  it('Storage: a deep list body and deep upload metadata answer InvalidRequest', async () => {
    const list = await post(`/storage/v1/object/list/${BUCKET}`, deepObject('prefix'));
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject({ statusCode: '400' });

    const form = new FormData();
    form.append('metadata', '['.repeat(30_000) + ']'.repeat(30_000));
    form.append('', new Blob(['olá']), 'ola.txt');
    const uploaded = await fetch(`${stack.url}/storage/v1/object/${BUCKET}/fundo.txt`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${ownerToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(400);
    expect(await uploaded.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
  });
});
