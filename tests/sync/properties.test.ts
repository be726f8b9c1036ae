// Property: three devices with skewed clocks and random push batch sizes, through random interleavings of
// offline periods, restarts (clean, and hard kills, reopened offline when offline), sales (some with a discount on the
// line, on the sale, or both; some paid in parts, fiado among them), sale edits (lines, or the payment split anew)
// and cancellations, stock counts and deliveries, debits and payments, product edits and deletions, end with every
// sale on the server exactly once and four numbers agreeing for every product and client: the server's column, the SQL
// derivation, each device, and a fresh computation from the server's facts. Each device's till, closed at the end,
// counts its own sales by method part by part, and the server's daily rollups count each part in its column and each
// sale once, both as the oracle folds the server's sales. Meanwhile the server's cut of the
// counters' bases moves forward at random points (to instants on both sides of the devices' skewed stamps), so
// devices count on top of bases that fold some of their facts and not others.
// Seeded: SYNC_PROPERTY_SEED / SYNC_PROPERTY_PATH replay a reported failure; SYNC_PROPERTY_RUNS sets the count.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { cents } from '../../workers/db/records.ts';
import type { PaymentPart } from '../../workers/till/summary.ts';
import { converged, newOwner, openDevice, serverRows, type Device, type Owner } from './support/devices.ts';
import {
  expectedBalances,
  expectedRollups,
  expectedStock,
  expectedTill,
  METHODS,
  rollupDifferences,
  serverRollups,
} from './support/oracle.ts';

/** Selling, cancelling or deleting what this device already knows is gone is refused with `not_found`: a no-op here. */
function ignoreNotFound(error: unknown): null {
  if (error instanceof Error && /\bnot_found\b/.test(error.message)) return null;
  throw error;
}

const DAY = 86_400_000;

/** A payment split at random: one or two methods paid at the counter, and shares of the total for each part. */
interface Split {
  methods: readonly (typeof METHODS)[number][];
  shares: readonly number[];
}

/**
 * The parts of `totalCents` for a split, with a fiado part when `fiado`: each at least a cent, the rest shared by
 * the shares, the last part taking what rounding leaves. Null when the total cannot be split in that many parts.
 */
function partsFor(totalCents: number, split: Split, fiado: boolean): PaymentPart[] | null {
  const formas = [...split.methods, ...(fiado ? (['fiado'] as const) : [])];
  if (formas.length < 2 || totalCents < formas.length) return null;
  const shares = formas.map((_, index) => split.shares[index] ?? 1);
  const shareSum = shares.reduce((sum, share) => sum + share, 0);
  const spare = totalCents - formas.length;
  const amounts = shares.map((share) => 1 + Math.floor((spare * share) / shareSum));
  amounts[amounts.length - 1] = totalCents - amounts.slice(0, -1).reduce((sum, amount) => sum + amount, 0);
  return formas.map((forma, index) => ({ forma, valor: (amounts[index] ?? 0) / 100 }));
}

/** The payment fields of a sale paid in these parts (null: by one method, as the rest of the input says). */
function paidInParts(parts: PaymentPart[], cliente: string | null) {
  const other = parts.find((part) => part.forma !== 'fiado');
  const fiado = parts.some((part) => part.forma === 'fiado');
  return {
    tipo: fiado ? ('fiado' as const) : ('avista' as const),
    cliente_id: fiado ? cliente : null,
    forma_pagamento: other?.forma ?? null,
    pagamentos: parts,
  };
}
let stack: TestStack;

/** Three device threads for the whole file, signed in as each run's new owner (a thread takes ~1 s to open). */
const pool: Device[] = [];
beforeAll(async () => {
  stack = await startTestStack();
  const owner = await newOwner(stack);
  for (let index = 0; index < 3; index++) pool.push(await openDevice(stack, owner, { name: `d${index}` }));
});
afterAll(async () => {
  await Promise.all(pool.map((d) => d.close()));
  await stack.close();
});

type Action =
  | { kind: 'online'; device: number; online: boolean }
  | { kind: 'restart'; device: number; hard: boolean }
  | {
      kind: 'sale';
      device: number;
      product: number;
      quantity: number;
      fiado: number | null;
      /** The line's price in cents, and the discounts as percentages of the line and of what is left. */
      priceCents: number;
      lineOff: number;
      saleOff: number;
      split: Split | null;
    }
  | { kind: 'cancel'; device: number; sale: number }
  | { kind: 'splitEdit'; device: number; sale: number; split: Split; fiado: number | null }
  | { kind: 'editSale'; device: number; sale: number; product: number; quantity: number; fiado: number | null }
  | { kind: 'count'; device: number; product: number; quantity: number }
  | { kind: 'entry'; device: number; product: number; quantity: number }
  | { kind: 'debit'; device: number; client: number; cents: number }
  | { kind: 'payment'; device: number; client: number; cents: number }
  | { kind: 'edit'; device: number; product: number; price: number }
  | { kind: 'deleteProduct'; device: number; product: number }
  | { kind: 'cut'; hours: number };

const device = fc.integer({ min: 0, max: 2 });
const product = fc.integer({ min: 0, max: 2 });
const client = fc.integer({ min: 0, max: 1 });
/** Most sales have no discount; the others up to 60 %. */
const discountPercent = fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }) });
const split: fc.Arbitrary<Split> = fc.record({
  methods: fc.shuffledSubarray([...METHODS], { minLength: 1, maxLength: 2 }),
  shares: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 3, maxLength: 3 }),
});
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('online' as const), device, online: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), device, hard: fc.boolean() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      device,
      product,
      quantity: fc.integer({ min: 1, max: 4000 }).map((n) => n / 1000),
      fiado: fc.option(client, { nil: null }),
      priceCents: fc.integer({ min: 1, max: 9999 }),
      lineOff: discountPercent,
      saleOff: discountPercent,
      // About half the sales are paid in parts.
      split: fc.option(split, { nil: null, freq: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('splitEdit' as const),
      device,
      sale: fc.nat(20),
      split,
      fiado: fc.option(client, { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), device, sale: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('editSale' as const),
      device,
      sale: fc.nat(20),
      product,
      quantity: fc.integer({ min: 1, max: 4000 }).map((n) => n / 1000),
      fiado: fc.option(client, { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('count' as const), device, product, quantity: fc.integer({ min: 0, max: 100 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('entry' as const), device, product, quantity: fc.integer({ min: 1, max: 30 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('debit' as const), device, client, cents: fc.integer({ min: 1, max: 10_000 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('payment' as const), device, client, cents: fc.integer({ min: 1, max: 5_000 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('edit' as const), device, product, price: fc.integer({ min: 1, max: 9999 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteProduct' as const), device, product }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cut' as const), hours: fc.integer({ min: 1, max: 60 }) }) },
);
const skew = fc.integer({ min: -7, max: 7 }).map((days) => days * DAY + 1234);
const batchSize = fc.constantFrom(1, 2, 5, 50, 500);
/** A fixed default seed keeps CI reproducible; set SYNC_PROPERTY_SEED to explore others. */
const DEFAULT_SEED = 20_261_123;

/** The owner's cut moves forward (never back) as a day ending would move it: the service role's RPC. */
async function advanceCut(owner: Owner, instant: number): Promise<void> {
  const { error } = await stack
    .serviceClient()
    .rpc('avancar_corte_ate', { p_user_id: owner.userId, p_corte: new Date(instant).toISOString() });
  if (error) throw new Error(error.message);
}

/** The stored column and the SQL derivation of every product and client of the owner. */
async function serverCounters(
  owner: Owner,
): Promise<{ stock: Map<string, [number, number]>; balance: Map<string, [number, number]> }> {
  const products = await stack.db.query<{ id: string; estoque: string; derivado: string }>(
    `SELECT id, estoque, public.estoque_derivado(id, user_id) AS derivado FROM public.produtos WHERE user_id = $1`,
    [owner.userId],
  );
  const clients = await stack.db.query<{ id: string; saldo: string; derivado: string }>(
    `SELECT id, saldo_devedor AS saldo, public.saldo_derivado(id, user_id) AS derivado FROM public.clientes WHERE user_id = $1`,
    [owner.userId],
  );
  return {
    stock: new Map(products.rows.map((row) => [row.id, [Number(row.estoque), Number(row.derivado)]])),
    balance: new Map(clients.rows.map((row) => [row.id, [Number(row.saldo), Number(row.derivado)]])),
  };
}

describe('three devices, random interleavings', () => {
  it('converge to the same documents and exact derived numbers', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(skew, skew, skew),
        fc.tuple(batchSize, batchSize, batchSize),
        fc.array(action, { minLength: 5, maxLength: 30 }),
        async (skews, batchSizes, actions) => {
          const owner = await newOwner(stack);
          const devices = pool;
          for (const [index, d] of devices.entries()) {
            await d.switchOwner(owner, { skewMs: skews[index], batchSize: batchSizes[index] });
            await d.api.till.open({ troco_inicial: 0 });
          }
          const [first] = devices as [Device];
          const products = [
            await first.api.products.create({ nome: 'Arroz', preco: 27.9, estoque: 40 }),
            await first.api.products.create({ nome: 'Feijão', preco: 8.49, estoque: 25 }),
            await first.api.products.create({ nome: 'Banana (kg)', preco: 6.99, unidade: 'kg', estoque: 12.5 }),
          ];
          const clients = [
            await first.api.clients.create({ nome: 'Maria', telefone: '11999990001' }),
            await first.api.clients.create({ nome: 'João', telefone: '11999990002' }),
          ];
          await converged(owner, devices);
          const sales: string[] = [];
          // From two days ago, forward by hours, at most a week and a day ahead (past the most skewed stamps).
          let cut = Date.now() - 2 * DAY;
          for (const step of actions) {
            const d = devices['device' in step ? step.device : 0] as Device;
            switch (step.kind) {
              case 'online':
                await d.setOnline(step.online);
                break;
              case 'restart':
                await (step.hard ? d.restart() : d.reopen());
                break;
              case 'sale': {
                const cliente = step.fiado === null ? null : (clients[step.fiado] as string);
                // Discounts in whole cents, well inside what they discount: the line's amount rounds to the cent.
                const lineCents = Math.floor((step.priceCents * step.quantity * step.lineOff) / 100);
                const leftCents = Math.floor(step.priceCents * step.quantity) - lineCents;
                const saleCents = Math.max(0, Math.floor((leftCents * step.saleOff) / 100) - 1);
                // The total as the sale stores it: the line rounded to the cent, less both discounts.
                const totalCents = Math.round(cents((step.priceCents / 100) * step.quantity) * 100) - lineCents - saleCents;
                const parts = step.split && partsFor(totalCents, step.split, cliente !== null);
                // A device that already knows the product was deleted refuses to sell it.
                const sale = await d.api.sales
                  .register({
                    itens: [
                      {
                        produto_id: products[step.product] as string,
                        quantidade: step.quantity,
                        preco_unitario: step.priceCents / 100,
                        ...(lineCents > 0 ? { desconto: lineCents / 100 } : {}),
                      },
                    ],
                    ...(saleCents > 0 ? { desconto: saleCents / 100 } : {}),
                    ...(cliente ? { tipo: 'fiado' as const, cliente_id: cliente } : {}),
                    ...(parts ? paidInParts(parts, cliente) : {}),
                  })
                  .catch(ignoreNotFound);
                if (sale) sales.push(sale);
                break;
              }
              case 'cancel':
                if (sales.length > 0) await d.api.sales.remove(sales[step.sale % sales.length] as string).catch(ignoreNotFound);
                break;
              case 'editSale': {
                // Another line, type and client for a sale; a device that does not know the sale (or the product)
                // yet, or knows it was cancelled, refuses with not_found.
                if (sales.length === 0) break;
                const cliente = step.fiado === null ? null : (clients[step.fiado] as string);
                await d.api.sales
                  .update({
                    id: sales[step.sale % sales.length] as string,
                    data: '2026-11-20',
                    tipo: cliente ? 'fiado' : 'avista',
                    cliente_id: cliente,
                    itens: [{ produto_id: products[step.product] as string, quantidade: step.quantity }],
                    // The new lines change the total: paid by one method again.
                    pagamentos: null,
                  })
                  .catch(ignoreNotFound);
                break;
              }
              case 'splitEdit': {
                // The payment of a sale as this device holds it split anew over its total, its lines as they are.
                if (sales.length === 0) break;
                const id = sales[step.sale % sales.length] as string;
                const held = (await d.docs('vendas')).find((doc) => doc.id === id && doc._deleted !== true);
                const cliente = step.fiado === null ? null : (clients[step.fiado] as string);
                const parts = held && partsFor(Math.round(Number(held.total) * 100), step.split, cliente !== null);
                if (!held || !parts) break;
                const lines = held.itens as { produto_id: string; quantidade: number }[];
                await d.api.sales.update({
                  id,
                  data: String(held.data),
                  forma_pagamento_descricao: null,
                  itens: lines.map((line) => ({ produto_id: line.produto_id, quantidade: line.quantidade })),
                  ...paidInParts(parts, cliente),
                });
                break;
              }
              case 'count':
                await d.api.stock.count({ produto_id: products[step.product] as string, quantidade: step.quantity });
                break;
              case 'entry':
                await d.api.stock.receive({ produto_id: products[step.product] as string, quantidade: step.quantity });
                break;
              case 'debit':
                await d.api.clients.addDebit({ cliente_id: clients[step.client] as string, valor: step.cents / 100 });
                break;
              case 'payment':
                // Refused when larger than the balance this device knows: that is the rule, not a failure.
                await d.api.clients
                  .registerPayment({ cliente_id: clients[step.client] as string, valor: step.cents / 100 })
                  .catch(() => undefined);
                break;
              case 'edit':
                await d.api.products.update(products[step.product] as string, { preco: step.price / 100 }).catch(() => undefined);
                break;
              case 'deleteProduct':
                await d.api.products.remove(products[step.product] as string).catch(ignoreNotFound);
                break;
              case 'cut':
                cut = Math.min(cut + step.hours * 3_600_000, Date.now() + 8 * DAY);
                await advanceCut(owner, cut);
                break;
            }
          }
          for (const d of devices) await d.setOnline(true);
          await converged(owner, devices, 60_000);
          // Every sale made is on the server, once; nothing else is.
          const serverSales = (await serverRows(owner, 'vendas')).map((row) => String(row.id));
          expect(new Set(serverSales).size).toBe(serverSales.length);
          expect(new Set(serverSales)).toEqual(new Set(sales));
          const stock = await expectedStock(owner);
          const balances = await expectedBalances(owner);
          const counters = await serverCounters(owner);
          for (const [id, value] of stock) expect(counters.stock.get(id), `server stock ${id}`).toEqual([value, value]);
          for (const [id, value] of balances) expect(counters.balance.get(id), `server balance ${id}`).toEqual([value, value]);
          for (const d of devices) {
            for (const [id, value] of stock) expect(await d.stockOf(id), `${d.name} stock`).toBe(value);
            for (const [id, value] of balances) expect(await d.balanceOf(id), `${d.name} balance`).toBe(value);
          }
          // The daily rollups the server keeps, against the oracle's fold of the server's sales.
          expect(rollupDifferences(await serverRollups(owner), await expectedRollups(owner)), 'rollups').toEqual([]);
          // Each device's till, closed now: its own sales by method, part by part.
          for (const d of devices) {
            const closedId = await d.api.till.close({ valor_contado: 0 });
            const session = (await d.docs('fechamentos_caixa')).find((doc) => doc.id === closedId);
            if (!session) throw new Error(`${d.name}: till ${closedId} missing`);
            const closed = session as { dispositivo: string; abertura_hlc: string; fechamento_hlc: string; resumo: unknown };
            expect(closed.resumo, `${d.name} till`).toMatchObject(await expectedTill(owner, closed));
          }
        },
      ),
      {
        numRuns: Number(process.env.SYNC_PROPERTY_RUNS ?? 50),
        endOnFailure: true,
        // Replays a reported failure: SYNC_PROPERTY_SEED=<seed> SYNC_PROPERTY_PATH=<path> from its report.
        seed: Number(process.env.SYNC_PROPERTY_SEED ?? DEFAULT_SEED),
        ...(process.env.SYNC_PROPERTY_PATH ? { path: process.env.SYNC_PROPERTY_PATH } : {}),
      },
    );
  });
});
