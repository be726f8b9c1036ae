// What stock, balances, each device's till and the daily rollups must be, computed afresh from the facts the server
// holds (an independent check of the worker's incremental counters and of the server's triggers): latest count +
// entries after it − sales after it, in HLC order; a sale's payment part by part (docs/product.md §10: a split sale's
// own parts, any other sale one part, its bucket and its total), its fiado part on its client's balance.
import { writtenBy } from '../../../workers/db/device-identity.ts';
import type { Owner } from './devices.ts';
import { serverRows } from './devices.ts';

type Row = Record<string, unknown>;
const thousandths = (value: unknown) => Math.round(Number(value) * 1000);
const toCents = (value: unknown) => Math.round(Number(value) * 100);

export const METHODS = ['dinheiro', 'cartao', 'pix', 'outro'] as const;
type Method = (typeof METHODS)[number];
type Form = Method | 'fiado';

interface Part {
  forma: Form;
  cents: number;
}

const methodOf = (forma: unknown): Method => (forma === 'dinheiro' || forma === 'cartao' || forma === 'pix' ? forma : 'outro');

/** A sale's parts, in cents: its own when split, else one part (fiado, or its method) with its total. */
function partsOf(sale: Row): Part[] {
  const parts = sale.pagamentos;
  if (Array.isArray(parts) && parts.length > 0)
    return (parts as Row[]).map((part) => ({
      forma: part.forma === 'fiado' ? 'fiado' : methodOf(part.forma),
      cents: toCents(part.valor),
    }));
  return [{ forma: sale.tipo === 'fiado' ? 'fiado' : methodOf(sale.forma_pagamento), cents: toCents(sale.total) }];
}

const liveSales = async (owner: Owner) => (await serverRows(owner, 'vendas')).filter((row) => row._deleted !== true);

export async function expectedStock(owner: Owner): Promise<Map<string, number>> {
  const facts = (await serverRows(owner, 'historico_estoque')).filter((row) => row._deleted !== true);
  const sales = await liveSales(owner);
  const products = (await serverRows(owner, 'produtos')).map((row) => String(row.id));
  const result = new Map<string, number>();
  for (const productId of products) {
    const mine = facts.filter((fact) => fact.produto_id === productId);
    const counts = mine
      .filter((fact) => fact.tipo === 'ajuste')
      .sort((a, b) =>
        String(a.hlc) === String(b.hlc) ? String(a.id).localeCompare(String(b.id)) : String(a.hlc) < String(b.hlc) ? -1 : 1,
      );
    const latest = counts.at(-1);
    const after = latest ? String(latest.hlc) : '';
    let total = latest ? thousandths(latest.quantidade) : 0;
    for (const fact of mine) if (fact.tipo === 'entrada' && String(fact.hlc) > after) total += thousandths(fact.quantidade);
    for (const sale of sales) {
      if (String(sale.hlc) <= after) continue;
      for (const item of sale.itens as Row[]) if (item.produto_id === productId) total -= thousandths(item.quantidade);
    }
    result.set(productId, total / 1000);
  }
  return result;
}

export async function expectedBalances(owner: Owner): Promise<Map<string, number>> {
  const clients = (await serverRows(owner, 'clientes')).map((row) => String(row.id));
  const sales = (await liveSales(owner)).filter((row) => row.tipo === 'fiado');
  const ledger = (await serverRows(owner, 'fiado_lancamentos')).filter((row) => row._deleted !== true);
  const result = new Map<string, number>();
  for (const clientId of clients) {
    let cents = 0;
    for (const sale of sales) {
      if (sale.cliente_id !== clientId) continue;
      for (const part of partsOf(sale)) if (part.forma === 'fiado') cents += part.cents;
    }
    for (const entry of ledger) {
      if (entry.cliente_id !== clientId) continue;
      cents += (entry.tipo === 'debito' ? 1 : -1) * toCents(entry.valor);
    }
    result.set(clientId, cents / 100);
  }
  return result;
}

/** A device's till as its closing keeps it: how many sales, their total and each method's, in reais. */
export interface TillFigures {
  vendas: number;
  total: number;
  por_forma: Record<Form, number>;
}

/** The till of a session: the live sales its device stamped between its opening and its closing. */
export async function expectedTill(
  owner: Owner,
  session: { dispositivo: string; abertura_hlc: string; fechamento_hlc: string },
): Promise<TillFigures> {
  const byMethod: Record<Form, number> = { dinheiro: 0, cartao: 0, pix: 0, outro: 0, fiado: 0 };
  let vendas = 0;
  let total = 0;
  for (const sale of await liveSales(owner)) {
    const hlc = String(sale.hlc);
    if (!writtenBy(hlc, session.dispositivo) || hlc <= session.abertura_hlc || hlc > session.fechamento_hlc) continue;
    vendas += 1;
    total += toCents(sale.total);
    for (const part of partsOf(sale)) byMethod[part.forma] += part.cents;
  }
  const reais = (cents: number) => cents / 100;
  return {
    vendas,
    total: reais(total),
    por_forma: {
      dinheiro: reais(byMethod.dinheiro),
      cartao: reais(byMethod.cartao),
      pix: reais(byMethod.pix),
      outro: reais(byMethod.outro),
      fiado: reais(byMethod.fiado),
    },
  };
}

/** A day's rollup in cents and counts: the sales once, each column once per sale it reaches. */
export type DayRollup = Record<'vendas' | 'total' | `${'avista' | 'fiado' | Method}${'' | '_qtd'}`, number>;

const emptyDay = (): DayRollup => ({
  vendas: 0,
  total: 0,
  avista: 0,
  avista_qtd: 0,
  fiado: 0,
  fiado_qtd: 0,
  dinheiro: 0,
  dinheiro_qtd: 0,
  cartao: 0,
  cartao_qtd: 0,
  pix: 0,
  pix_qtd: 0,
  outro: 0,
  outro_qtd: 0,
});

/** Every day's rollup of the owner's live sales, by the day each sale is dated. */
export async function expectedRollups(owner: Owner): Promise<Map<string, DayRollup>> {
  const days = new Map<string, DayRollup>();
  for (const sale of await liveSales(owner)) {
    const day = days.get(String(sale.data)) ?? emptyDay();
    days.set(String(sale.data), day);
    day.vendas += 1;
    day.total += toCents(sale.total);
    const parts = partsOf(sale);
    const counter = parts.filter((part) => part.forma !== 'fiado');
    if (counter.length > 0) {
      day.avista += counter.reduce((sum, part) => sum + part.cents, 0);
      day.avista_qtd += 1;
    }
    for (const part of parts) {
      day[part.forma] += part.cents;
      day[`${part.forma}_qtd`] += 1;
    }
  }
  return days;
}

/** The server's daily rollup rows (the day rows, not the products'), in the same units. */
export async function serverRollups(owner: Owner): Promise<Map<string, DayRollup>> {
  const days = new Map<string, DayRollup>();
  for (const row of await serverRows(owner, 'resumos_dia')) {
    if (row.produto_id !== null && row.produto_id !== undefined) continue;
    const day = emptyDay();
    for (const key of Object.keys(day) as (keyof DayRollup)[])
      day[key] = key === 'vendas' || key.endsWith('_qtd') ? Number(row[key]) : toCents(row[key]);
    days.set(String(row.dia), day);
  }
  return days;
}

/** Both sets of days, a day missing on one side read as all zeros (a day whose sales all went away). */
export function rollupDifferences(
  a: ReadonlyMap<string, DayRollup>,
  b: ReadonlyMap<string, DayRollup>,
): [string, DayRollup, DayRollup][] {
  const differing: [string, DayRollup, DayRollup][] = [];
  for (const day of new Set([...a.keys(), ...b.keys()])) {
    const left = a.get(day) ?? emptyDay();
    const right = b.get(day) ?? emptyDay();
    if (JSON.stringify(left) !== JSON.stringify(right)) differing.push([day, left, right]);
  }
  return differing;
}
