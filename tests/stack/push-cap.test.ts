// A push batch is capped: 20,000 documents (1.8 MB) in one replicate_push held the stack 15-20 s; now the push is
// refused at once (413 PT413, its limits in the details for the device to split by), and pushes of a batch the
// cap allows, four at a time from one owner, leave another user's requests answering within a second. The stack
// runs in a child process, so a frozen stack shows as slow answers here instead of freezing the test itself.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_LIMITS } from '../../workers/sync/replication.ts';
import { describeLatencies, keptConnections, rest, userToken, whileBystanderReads, type Answer } from '../support/bystander.ts';
import { startStackProcess, type StackProcess } from '../support/stack-process.ts';

const PARALLEL_PUSHES = 4;
const ROUNDS = 3;
/** Each request gives up after this long: on the old code the big push held the stack for minutes. */
const GIVE_UP_MS = 20_000;

let stack: StackProcess;
let ownerToken: string;
let bystanderToken: string;
const ownerConnections = keptConnections(PARALLEL_PUSHES);
const bystanderConnection = keptConnections(1);

const bystanderReads = (): Promise<Answer> =>
  rest('produtos?select=id&limit=1', { ...stack, token: bystanderToken, agent: bystanderConnection, timeoutMs: GIVE_UP_MS });

/** A push of `rows` for `table` as the owner. */
function push(table: string, rows: unknown[]): Promise<Answer> {
  return rest('rpc/replicate_push', {
    ...stack,
    token: ownerToken,
    agent: ownerConnections,
    body: JSON.stringify({ p_table: table, p_rows: rows }),
    timeoutMs: GIVE_UP_MS,
  });
}

/** `count` expenses of the owner, new to the server; the first one breaks a CHECK, so the batch goes row by row. */
function expenses(count: number): unknown[] {
  const now = new Date().toISOString();
  return Array.from({ length: count }, (_, index) => ({
    doc: {
      id: randomUUID(),
      user_id: stack.ownerId,
      descricao: `Conta ${index}`,
      valor: index === 0 ? -1 : 10,
      data: now.slice(0, 10),
      created_at: now,
      updated_at: now,
    },
    assumed_modified: null,
  }));
}

beforeAll(async () => {
  stack = await startStackProcess();
  ownerToken = await userToken(stack.jwtSecret, stack.ownerId);
  bystanderToken = await userToken(stack.jwtSecret, randomUUID());
  // Every connection open and known to the stack before the pushes.
  const opened = await Promise.all(
    Array.from({ length: PARALLEL_PUSHES }, () =>
      rest('produtos?select=id&limit=1', { ...stack, token: ownerToken, agent: ownerConnections, timeoutMs: GIVE_UP_MS }),
    ),
  );
  expect(opened.map((answer) => answer.status)).toEqual(Array.from({ length: PARALLEL_PUSHES }, () => 200));
  expect((await bystanderReads()).status).toBe(200);
  // A fresh process warms the push's code paths up on its first full push: once, not per attack.
  expect((await push('despesas', expenses(DEFAULT_PUSH_LIMITS.maxDocuments))).status).toBe(200);
});

afterAll(async () => {
  ownerConnections.destroy();
  bystanderConnection.destroy();
  await stack.stop();
});

describe('a push batch', () => {
  it(
    'of 20,000 documents is refused at once with 413 PT413 and the limits, another user answered all along',
    { timeout: 120_000 },
    async () => {
      const huge = Array.from({ length: 20_000 }, () => ({ doc: { id: randomUUID(), nome: 'x' }, assumed_modified: null }));
      expect(JSON.stringify(huge).length).toBeGreaterThan(1_500_000);
      let answer: Answer = { status: 0, body: '' };
      const latencies = await whileBystanderReads(bystanderReads, async () => {
        answer = await push('clientes', huge).catch(() => ({ status: 0, body: '' }));
      });
      console.info(`bystander during the push: ${describeLatencies(latencies)}`);
      expect(Math.max(...latencies)).toBeLessThan(1000);
      expect(answer.status).toBe(413);
      const refusal = JSON.parse(answer.body) as { code: string; details: string };
      expect(refusal.code).toBe('PT413');
      expect(JSON.parse(refusal.details)).toEqual({
        max_documents: DEFAULT_PUSH_LIMITS.maxDocuments,
        max_bytes: DEFAULT_PUSH_LIMITS.maxBytes,
      });
    },
  );

  it(
    'the cap allows, four at a time from one owner, leaves another user answered within a second',
    { timeout: 120_000 },
    async () => {
      const answers: number[] = [];
      const latencies = await whileBystanderReads(bystanderReads, async () => {
        for (let round = 0; round < ROUNDS; round++) {
          const pushes = Array.from({ length: PARALLEL_PUSHES }, () =>
            push('despesas', expenses(DEFAULT_PUSH_LIMITS.maxDocuments)).then((pushed) => pushed.status),
          );
          answers.push(...(await Promise.all(pushes)));
        }
      });
      console.info(`bystander during the pushes: ${describeLatencies(latencies)}`);
      expect(answers).toEqual(Array.from({ length: PARALLEL_PUSHES * ROUNDS }, () => 200));
      expect(latencies.length).toBeGreaterThan(3);
      expect(Math.max(...latencies)).toBeLessThan(1000);
    },
  );
});
