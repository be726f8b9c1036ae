// One signed-in owner asking for embeds that multiply each other (a sale's 400 items, each item's sale, that sale's
// 400 items…: 160,000 rows, 16.7 MB) no longer freezes the stack: the statement stops at the embedded-rows budget
// (54000) and another user's request answers within a second all along, the attack sent six at a time. The stack
// runs in a child process, so a frozen stack shows as slow answers here instead of freezing the test itself.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeLatencies, keptConnections, rest, userToken, whileBystanderReads, type Answer } from '../support/bystander.ts';
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
const attackerConnections = keptConnections(PARALLEL_ATTACKS);
const bystanderConnection = keptConnections(1);

const asOwner = (path: string): Promise<Answer> =>
  rest(path, { ...stack, token: ownerToken, agent: attackerConnections, timeoutMs: GIVE_UP_MS });
const asBystander = (path: string): Promise<Answer> =>
  rest(path, { ...stack, token: bystanderToken, agent: bystanderConnection, timeoutMs: GIVE_UP_MS });

beforeAll(async () => {
  stack = await startStackProcess();
  ownerToken = await userToken(stack.jwtSecret, stack.ownerId);
  bystanderToken = await userToken(stack.jwtSecret, randomUUID());
  const itens = Array.from({ length: ITEMS }, (_, index) => ({
    produto_id: randomUUID(),
    quantidade: 1,
    preco_unitario: 1,
    preco_total: 1,
    nome_produto: `Produto ${index}`,
    unidade_produto: 'un',
  }));
  const created = await rest('vendas', {
    ...stack,
    token: stack.serviceRoleKey,
    agent: bystanderConnection,
    body: JSON.stringify({ user_id: stack.ownerId, total: ITEMS, itens }),
    timeoutMs: GIVE_UP_MS,
  });
  expect(created.status).toBe(201);
  // Every connection open and known to the stack before the attack.
  const opened = await Promise.all(Array.from({ length: PARALLEL_ATTACKS }, () => asOwner('produtos?select=id&limit=1')));
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
    const plain = await asOwner('vendas?select=id,itens_venda(id)');
    expect(plain.status).toBe(200);
    const sales = JSON.parse(plain.body) as { itens_venda: unknown[] }[];
    expect(sales.map((sale) => sale.itens_venda.length)).toEqual([ITEMS]);

    const answers: { status: number; code: unknown }[] = [];
    const latencies = await whileBystanderReads(
      () => asBystander('produtos?select=id&limit=1'),
      async () => {
        for (let round = 0; round < ROUNDS; round++) {
          const attacks = Array.from({ length: PARALLEL_ATTACKS }, async () => {
            const answer = await asOwner(ATTACK).catch(() => null);
            if (!answer) return { status: 0, code: null };
            if (answer.status === 200) return { status: 200, code: 'answered' };
            return { status: answer.status, code: (JSON.parse(answer.body) as { code?: unknown }).code };
          });
          answers.push(...(await Promise.all(attacks)));
        }
      },
    );

    console.info(`bystander during the attack: ${describeLatencies(latencies)}`);
    expect(latencies.length).toBeGreaterThan(3);
    expect(Math.max(...latencies)).toBeLessThan(1000);
    expect(answers).toEqual(Array.from({ length: PARALLEL_ATTACKS * ROUNDS }, () => ({ status: 500, code: '54000' })));
  });
});
