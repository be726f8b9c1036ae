// One signed-in owner asking for embeds that multiply each other (a sale's 400 items, each item's sale, that sale's
// 400 items…: 160,000 rows, 16.7 MB) no longer freezes the stack: the statement stops at the embedded-rows budget
// (54000) and another user's request answers within a second all along, the attack sent six at a time. The stack
// runs in a child process, so a frozen stack shows as slow answers here instead of freezing the test itself.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStackProcess, type StackProcess } from '../support/stack-process.ts';

const ITEMS = 400;
const ATTACK = 'vendas?select=id,itens_venda(id,vendas(id,itens_venda(id,vendas(id))))';
const PARALLEL_ATTACKS = 6;
const ROUNDS = 3;
/** Each request gives up after this long: on the old code an attack round held the stack for many seconds. */
const GIVE_UP_MS = 20_000;

let stack: StackProcess;
let ownerToken: string;
let bystanderToken: string;

async function userToken(userId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(stack.jwtSecret));
}

/**
 * Each client keeps its own connections open, as a browser does: the attacker one per request it runs at once,
 * the bystander one, all opened before the attack (a connection the stack has not accepted yet would wait on its
 * own, whoever is ahead of it).
 */
const attackerConnections = new http.Agent({ keepAlive: true, maxSockets: PARALLEL_ATTACKS });
const bystanderConnection = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function rest(
  path: string,
  token: string,
  options: { agent?: http.Agent; method?: string; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${stack.url}/rest/v1/${path}`,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? bystanderConnection,
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        timeout: GIVE_UP_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(options.body);
  });
}

beforeAll(async () => {
  stack = await startStackProcess();
  ownerToken = await userToken(stack.ownerId);
  bystanderToken = await userToken(randomUUID());
  const itens = Array.from({ length: ITEMS }, (_, index) => ({
    produto_id: randomUUID(),
    quantidade: 1,
    preco_unitario: 1,
    preco_total: 1,
    nome_produto: `Produto ${index}`,
    unidade_produto: 'un',
  }));
  const created = await rest('vendas', stack.serviceRoleKey, {
    method: 'POST',
    body: JSON.stringify({ user_id: stack.ownerId, total: ITEMS, itens }),
  });
  expect(created.status).toBe(201);
  // Every connection open and known to the stack before the attack.
  const opened = await Promise.all(
    Array.from({ length: PARALLEL_ATTACKS }, () =>
      rest('produtos?select=id&limit=1', ownerToken, { agent: attackerConnections }),
    ),
  );
  expect(opened.map((answer) => answer.status)).toEqual(Array.from({ length: PARALLEL_ATTACKS }, () => 200));
});

afterAll(async () => {
  attackerConnections.destroy();
  bystanderConnection.destroy();
  await stack.stop();
});

describe('embeds that multiply each other', () => {
  it("stop at the embedded-rows budget while another user's requests answer within a second", { timeout: 180_000 }, async () => {
    // The owner's sale and its items are there: one level of embedding reads them all.
    const plain = await rest('vendas?select=id,itens_venda(id)', ownerToken);
    expect(plain.status).toBe(200);
    const sales = JSON.parse(plain.body) as { itens_venda: unknown[] }[];
    expect(sales.map((sale) => sale.itens_venda.length)).toEqual([ITEMS]);

    const latencies: number[] = [];
    const state = { attacking: true };
    const probing = (async () => {
      while (state.attacking) {
        const started = performance.now();
        const response = await rest('produtos?select=id&limit=1', bystanderToken).catch(() => null);
        latencies.push(response?.status === 200 ? performance.now() - started : Infinity);
      }
    })();
    const answers: { status: number; code: unknown }[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const attacks = Array.from({ length: PARALLEL_ATTACKS }, async () => {
          const response = await rest(ATTACK, ownerToken, { agent: attackerConnections }).catch(() => null);
          if (!response) return { status: 0, code: null };
          if (response.status === 200) return { status: 200, code: 'answered' };
          return { status: response.status, code: (JSON.parse(response.body) as { code?: unknown }).code };
        });
        answers.push(...(await Promise.all(attacks)));
      }
    } finally {
      state.attacking = false;
      await probing;
    }

    console.info(`bystander during the attack: ${latencies.map((ms) => ms.toFixed(0)).join(' ')} ms`);
    expect(latencies.length).toBeGreaterThan(3);
    expect(Math.max(...latencies)).toBeLessThan(1000);
    expect(answers).toEqual(Array.from({ length: PARALLEL_ATTACKS * ROUNDS }, () => ({ status: 500, code: '54000' })));
  });
});
