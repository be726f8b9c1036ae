// Property: three devices of one owner, with skewed clocks, linked to each other directly (peer links made and
// ended at random, a device restarted now and then) and to the server (lost and found at random), selling, counting
// and taking fiado all along, agree when every link is up without the server (same documents, same stock and
// balances on all three), and once the server is back it holds every sale once and the same numbers.
// Seeded: PEER_PROPERTY_SEED / PEER_PROPERTY_PATH replay a reported failure; PEER_PROPERTY_RUNS sets the count.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionNames } from '../../schemas/index.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import {
  comparable,
  converged,
  eventually,
  newOwner,
  openDevice,
  pairDevices,
  serverRows,
  type Device,
} from './support/devices.ts';
import { expectedBalances, expectedStock } from './support/oracle.ts';

const DAY = 86_400_000;
const PAIRS = [
  [0, 1],
  [1, 2],
  [0, 2],
] as const;
const DEFAULT_SEED = 20_261_124;

type Action =
  | { kind: 'online'; device: number; online: boolean }
  | { kind: 'link'; pair: number; reversed: boolean }
  | { kind: 'unlink'; pair: number }
  | { kind: 'restart'; device: number }
  | { kind: 'sale'; device: number; product: number; quantity: number; fiado: number | null }
  | { kind: 'cancel'; device: number; sale: number }
  | { kind: 'count'; device: number; product: number; quantity: number }
  | { kind: 'debit'; device: number; client: number; cents: number }
  | { kind: 'price'; device: number; product: number; cents: number };

const device = fc.integer({ min: 0, max: 2 });
const product = fc.integer({ min: 0, max: 1 });
const client = fc.integer({ min: 0, max: 1 });
const pair = fc.integer({ min: 0, max: PAIRS.length - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('online' as const), device, online: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('link' as const), pair, reversed: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unlink' as const), pair }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), device }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      device,
      product,
      quantity: fc.integer({ min: 1, max: 5 }),
      fiado: fc.option(client, { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), device, sale: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('count' as const), device, product, quantity: fc.integer({ min: 0, max: 80 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('debit' as const), device, client, cents: fc.integer({ min: 1, max: 9_999 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('price' as const), device, product, cents: fc.integer({ min: 1, max: 9_999 }) }),
  },
);
const skew = fc.integer({ min: -3, max: 3 }).map((days) => days * DAY + 4321);

/** A device that knows the sale or product is gone refuses with `not_found`: a no-op here. */
function ignoreNotFound(error: unknown): null {
  if (error instanceof Error && /\bnot_found\b/.test(error.message)) return null;
  throw error;
}

let stack: TestStack;
const pool: Device[] = [];
beforeAll(async () => {
  stack = await startTestStack();
  const owner = await newOwner(stack);
  for (let index = 0; index < 3; index++) pool.push(await openDevice(stack, owner, { name: `p${index}` }));
});
afterAll(async () => {
  await Promise.all(pool.map((d) => d.close()));
  await stack.close();
});

/** Ends the link between two devices, if up (as 'Desconectar' does on either side). */
async function unlink(from: Device, to: Device): Promise<void> {
  const { label } = await to.peerStatus();
  const peer = (await from.peerStatus()).peers.find((candidate) => candidate.label === label);
  if (peer) await from.api.peer.end({ device: peer.peerDevice });
}

/** Every device holds the same documents and shows the same counters, and no link has anything left to send. */
async function peersAgree(devices: readonly Device[], products: readonly string[], clients: readonly string[]): Promise<void> {
  await eventually(async () => {
    const [first, ...others] = devices as [Device, ...Device[]];
    for (const d of devices) {
      for (const peer of (await d.peerStatus()).peers) {
        if (peer.state === 'conectado') expect(peer.toSend, `${d.name} → ${peer.label}`).toBe(0);
      }
    }
    for (const table of collectionNames) {
      const mine = (await first.docs(table)).map(comparable).sort((a, b) => String(a.id).localeCompare(String(b.id)));
      for (const other of others) {
        const theirs = (await other.docs(table)).map(comparable).sort((a, b) => String(a.id).localeCompare(String(b.id)));
        expect(theirs, `${other.name} ${table}`).toEqual(mine);
      }
    }
    for (const id of products) {
      const stock = await first.stockOf(id);
      for (const other of others) expect(await other.stockOf(id), `${other.name} stock`).toBe(stock);
    }
    for (const id of clients) {
      const balance = await first.balanceOf(id);
      for (const other of others) expect(await other.balanceOf(id), `${other.name} balance`).toBe(balance);
    }
  }, 60_000);
}

describe('three devices through peer links and the server', () => {
  it('converge in any order of links, outages and restarts', { timeout: 900_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.tuple(skew, skew, skew), fc.array(action, { minLength: 4, maxLength: 24 }), async (skews, actions) => {
        const owner = await newOwner(stack);
        const devices = pool;
        for (const [index, d] of devices.entries()) await d.switchOwner(owner, { skewMs: skews[index] });
        const [first] = devices as [Device];
        const products = [
          await first.api.products.create({ nome: 'Arroz', preco: 27.9, estoque: 60 }),
          await first.api.products.create({ nome: 'Feijão', preco: 8.49, estoque: 40 }),
        ];
        const clients = [
          await first.api.clients.create({ nome: 'Maria', telefone: '11999990001' }),
          await first.api.clients.create({ nome: 'João', telefone: '11999990002' }),
        ];
        await converged(owner, devices);
        const linked = new Set<number>();
        const sales: string[] = [];
        for (const step of actions) {
          switch (step.kind) {
            case 'online':
              await (devices[step.device] as Device).setOnline(step.online);
              break;
            case 'link': {
              if (linked.has(step.pair)) break;
              const [i, j] = PAIRS[step.pair] as readonly [number, number];
              const [inviter, joiner] = step.reversed ? [devices[j], devices[i]] : [devices[i], devices[j]];
              await pairDevices(inviter as Device, joiner as Device);
              linked.add(step.pair);
              break;
            }
            case 'unlink': {
              if (!linked.has(step.pair)) break;
              const [i, j] = PAIRS[step.pair] as readonly [number, number];
              await unlink(devices[i] as Device, devices[j] as Device);
              linked.delete(step.pair);
              break;
            }
            case 'restart':
              // The app closes and opens again: its links are gone (pairing lasts as long as the app is open).
              await (devices[step.device] as Device).reopen();
              for (const [index, [i, j]] of PAIRS.entries()) if (i === step.device || j === step.device) linked.delete(index);
              break;
            case 'sale': {
              const cliente = step.fiado === null ? null : (clients[step.fiado] as string);
              const sale = await (devices[step.device] as Device).api.sales
                .register({
                  itens: [{ produto_id: products[step.product] as string, quantidade: step.quantity }],
                  ...(cliente ? { tipo: 'fiado' as const, cliente_id: cliente } : {}),
                })
                .catch(ignoreNotFound);
              if (sale) sales.push(sale);
              break;
            }
            case 'cancel':
              if (sales.length > 0)
                await (devices[step.device] as Device).api.sales
                  .remove(sales[step.sale % sales.length] as string)
                  .catch(ignoreNotFound);
              break;
            case 'count':
              await (devices[step.device] as Device).api.stock.count({
                produto_id: products[step.product] as string,
                quantidade: step.quantity,
              });
              break;
            case 'debit':
              await (devices[step.device] as Device).api.clients.addDebit({
                cliente_id: clients[step.client] as string,
                valor: step.cents / 100,
              });
              break;
            case 'price':
              await (devices[step.device] as Device).api.products
                .update(products[step.product] as string, { preco: step.cents / 100 })
                .catch(() => undefined);
              break;
          }
        }
        // The server stays away; the devices link up (a chain is enough) and agree among themselves.
        for (const d of devices) await d.setOnline(false);
        for (const index of [0, 1]) {
          if (linked.has(index)) continue;
          const [i, j] = PAIRS[index] as readonly [number, number];
          await pairDevices(devices[i] as Device, devices[j] as Device);
          linked.add(index);
        }
        await peersAgree(devices, products, clients);
        // The server returns: it ends with every sale once and the devices' numbers.
        for (const d of devices) await d.setOnline(true);
        await converged(owner, devices, 60_000);
        const serverSales = (await serverRows(owner, 'vendas')).map((row) => String(row.id));
        expect(new Set(serverSales).size).toBe(serverSales.length);
        expect(new Set(serverSales)).toEqual(new Set(sales));
        const [stock, balances] = [await expectedStock(owner), await expectedBalances(owner)];
        for (const d of devices) {
          for (const [id, value] of stock) expect(await d.stockOf(id), `${d.name} stock`).toBe(value);
          for (const [id, value] of balances) expect(await d.balanceOf(id), `${d.name} balance`).toBe(value);
        }
      }),
      {
        numRuns: Number(process.env.PEER_PROPERTY_RUNS ?? 10),
        endOnFailure: true,
        seed: Number(process.env.PEER_PROPERTY_SEED ?? DEFAULT_SEED),
        ...(process.env.PEER_PROPERTY_PATH ? { path: process.env.PEER_PROPERTY_PATH } : {}),
      },
    );
  });
});
