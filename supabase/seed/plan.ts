// Plans the demo shop's history in memory: the catalogue with its initial counts, 90 days of deliveries, sales
// (cash and fiado) and fiado payments, simulated day by day so stock never goes negative; the expected stock
// and balances fall out of the same simulation.
import { CATALOG, CLIENT_NAMES, CLIENT_NOTES, SHELVES, SUPPLIERS, type CatalogItem } from './catalog.ts';
import { demoClock, hlcStamper, type DemoClock } from './clock.ts';
import { seededRandom, type Random } from './random.ts';
import type { ClientPlan, DayPlan, DemoPlan, LedgerPlan, ProductPlan, SaleItem, SalePlan } from './plan-types.ts';
import { planRecords } from './records.ts';

export interface PlanOptions {
  now: Date;
  days?: number;
  seed?: number;
}

const WEIGHED = new Set(['kg', 'g']);

/** EAN-13 with a Brazilian prefix and a valid check digit. */
function ean13(random: Random): string {
  const digits = [7, 8, 9, ...Array.from({ length: 9 }, () => random.int(0, 9))];
  const sum = digits.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

/** A quantity for one sale line, in thousandths of the product's unit. */
function lineQuantity(random: Random, item: CatalogItem): number {
  if (item.unidade === 'kg') return random.int(15, 200) * 10;
  if (item.unidade === 'g') return random.int(5, 30) * 10 * 1000;
  return random.int(1, item.unidade === 'un' ? 3 : 2) * 1000;
}

function restockQuantity(random: Random, item: CatalogItem): number {
  if (item.unidade === 'kg') return random.int(10, 25) * 1000;
  if (item.unidade === 'g') return random.int(2, 4) * 1000 * 1000;
  return random.int(2, 5) * 12 * 1000;
}

function planProducts(random: Random, clock: DemoClock, opening: number): ProductPlan[] {
  return CATALOG.map((item) => {
    const precoCents = Math.round(item.preco * 100);
    const minimo = item.unidade === 'kg' ? random.int(3, 6) * 1000 : item.unidade === 'g' ? 500 * 1000 : random.int(5, 10) * 1000;
    return {
      id: random.uuid(),
      nome: item.nome,
      descricao: item.marca ? `${item.nome} ${item.marca}` : null,
      precoCents,
      precoCompraCents: Math.round(precoCents * (0.6 + random.next() * 0.15)),
      minimoMilli: minimo,
      codigo_barras: item.marca ? ean13(random) : null,
      categoria: item.categoria,
      marca: item.marca,
      unidade: item.unidade,
      local: SHELVES[item.categoria] ?? null,
      created_at: clock.at(opening, 8, random.int(0, 59)).toISOString(),
    };
  });
}

function planClients(random: Random, clock: DemoClock, opening: number): ClientPlan[] {
  return CLIENT_NAMES.map((nome, index) => ({
    id: random.uuid(),
    nome,
    telefone: index % 7 === 6 ? null : `819${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
    is_fiado: index < 30,
    observacoes: index % 9 === 0 ? random.pick(CLIENT_NOTES) : null,
    created_at: clock.at(opening, 9, index).toISOString(),
  }));
}

/** Picks `count` distinct indexes with probability proportional to `weights`. */
function weightedDistinct(random: Random, weights: readonly number[], count: number): number[] {
  const chosen = new Set<number>();
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  for (let attempt = 0; chosen.size < count && attempt < count * 10; attempt += 1) {
    let target = random.next() * total;
    const index = weights.findIndex((weight) => (target -= weight) < 0);
    chosen.add(index === -1 ? weights.length - 1 : index);
  }
  return [...chosen];
}

const brl = (cents: number): string =>
  `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The overdue-fiado notice of a client who owes `cents` since buying on `lastPurchase` (yyyy-MM-dd). */
export function overdueMessage(nome: string, cents: number, lastPurchase: string): string {
  return `Fiado vencido: ${nome} deve ${brl(cents)} (última compra em ${lastPurchase.split('-').reverse().join('/')}).`;
}

export function planDemo(options: PlanOptions): DemoPlan {
  const random = seededRandom(options.seed ?? 20_261_122);
  const clock = demoClock(options.now);
  const hlcAt = hlcStamper();
  const first = -((options.days ?? 90) - 1);
  const opening = first - 1;

  const products = planProducts(random, clock, opening);
  const clients = planClients(random, clock, opening);
  const fiadoClients = clients.filter((client) => client.is_fiado);
  const slowPayers = new Set(fiadoClients.slice(0, 6).map((client) => client.id));
  // Products the owner stops restocking a month ago: they end the period low or sold out.
  const neglected = new Set(weightedDistinct(random, products.map(() => 1), 14));
  const popularity = CATALOG.map((item) => (['alimentos', 'bebidas'].includes(item.categoria) ? 6 : 2) + random.int(0, 6));
  const stock = new Map<string, number>();
  const balance = new Map<string, number>(clients.map((client) => [client.id, 0]));
  const lastFiado = new Map<string, string>();
  const days: DayPlan[] = [];

  // Opening day: the first stock count and the balances copied from the paper notebook.
  const openingDay: DayPlan = { stock: [], sales: [], ledger: [] };
  products.forEach((product, index) => {
    const item = CATALOG[index] as CatalogItem;
    const quantity = item.unidade === 'kg' ? random.int(10, 30) * 1000 : item.unidade === 'g' ? random.int(2, 5) * 1000 * 1000 : random.int(20, 60) * 1000;
    const instant = clock.at(opening, 18, 0);
    openingDay.stock.push({ id: random.uuid(), produto_id: product.id, tipo: 'ajuste', quantidadeMilli: quantity, observacao: 'Contagem inicial', hlc: hlcAt(instant), created_at: instant.toISOString() });
    stock.set(product.id, quantity);
  });
  for (const client of fiadoClients.slice(0, 12)) {
    const cents = random.int(20, 250) * 100;
    openingDay.ledger.push({ id: random.uuid(), cliente_id: client.id, tipo: 'debito', valorCents: cents, data: clock.date(opening), descricao: 'Saldo anterior do caderno', created_at: clock.at(opening, 19, 0).toISOString() });
    balance.set(client.id, cents);
    lastFiado.set(client.id, clock.date(opening));
  }
  days.push(openingDay);

  for (let offset = first; offset <= 0; offset += 1) {
    const day: DayPlan = { stock: [], sales: [], ledger: [] };
    const beforeNow = (instant: Date) => instant.getTime() <= clock.now.getTime();
    if (offset === -30) {
      // An inventory count: a few products show shrinkage, the neglected ones are found nearly gone.
      const counts = new Set([...neglected, ...weightedDistinct(random, products.map(() => 1), 10)]);
      for (const index of counts) {
        const product = products[index] as ProductPlan;
        const shrunk = Math.max(0, (stock.get(product.id) ?? 0) - random.int(0, 2) * (WEIGHED.has(product.unidade) ? 100 : 1000));
        const counted = neglected.has(index) ? Math.min(shrunk, Math.round(product.minimoMilli * (0.2 + random.next() * 0.9) / 1000) * 1000) : shrunk;
        const instant = clock.at(offset, 6, 45);
        day.stock.push({ id: random.uuid(), produto_id: product.id, tipo: 'ajuste', quantidadeMilli: counted, observacao: 'Contagem de inventário', hlc: hlcAt(instant), created_at: instant.toISOString() });
        stock.set(product.id, counted);
      }
    }
    products.forEach((product, index) => {
      const instant = clock.at(offset, 7, 0);
      const current = stock.get(product.id) ?? 0;
      if (current >= product.minimoMilli * 2 || (neglected.has(index) && offset >= -30) || !beforeNow(instant)) return;
      const quantity = restockQuantity(random, CATALOG[index] as CatalogItem);
      const supplier = random.pick(SUPPLIERS).nome;
      day.stock.push({ id: random.uuid(), produto_id: product.id, tipo: 'entrada', quantidadeMilli: quantity, observacao: `Entrega ${supplier}`, hlc: hlcAt(instant), created_at: instant.toISOString() });
      stock.set(product.id, current + quantity);
    });

    const weekday = new Date(`${clock.date(offset)}T12:00:00Z`).getUTCDay();
    const saleCount = weekday === 0 || weekday === 6 ? random.int(10, 14) : random.int(6, 10);
    const minutes = Array.from({ length: saleCount }, () => random.int(7 * 60, 20 * 60 + 30)).sort((a, b) => a - b);
    for (const minute of minutes) {
      const instant = clock.at(offset, Math.floor(minute / 60), minute % 60);
      if (!beforeNow(instant)) continue;
      const lines = random.pick([1, 1, 1, 2, 2, 2, 3, 3, 4, 5]);
      const itens: SaleItem[] = [];
      let totalCents = 0;
      for (const index of weightedDistinct(random, popularity, lines)) {
        const product = products[index] as ProductPlan;
        const quantity = lineQuantity(random, CATALOG[index] as CatalogItem);
        const available = stock.get(product.id) ?? 0;
        if (available < quantity) continue;
        stock.set(product.id, available - quantity);
        const lineCents = Math.round((quantity * product.precoCents) / 1000);
        totalCents += lineCents;
        itens.push({
          produto_id: product.id,
          quantidade: quantity / 1000,
          preco_unitario: product.precoCents / 100,
          preco_total: lineCents / 100,
          nome_produto: product.nome,
          marca_produto: product.marca,
          unidade_produto: product.unidade,
        });
      }
      if (itens.length === 0) continue;
      const fiado = random.chance(0.14);
      const cliente = fiado ? random.pick(fiadoClients) : null;
      const forma = fiado ? null : random.pick(['dinheiro', 'dinheiro', 'dinheiro', 'pix', 'pix', 'cartao', 'cartao']);
      const parcelado = forma === 'cartao' && totalCents > 10_000 && random.chance(0.5);
      const sale: SalePlan = {
        id: random.uuid(),
        data: clock.date(offset),
        totalCents,
        tipo: fiado ? 'fiado' : 'avista',
        cliente_id: cliente?.id ?? null,
        forma_pagamento: forma,
        forma_pagamento_descricao:
          forma === 'cartao' ? JSON.stringify(parcelado ? { tipo_cartao: 'parcelado', parcelas: random.int(2, 3) } : { tipo_cartao: 'avista' }) : null,
        hlc: hlcAt(instant),
        itens,
        created_at: instant.toISOString(),
      };
      day.sales.push(sale);
      if (cliente) {
        balance.set(cliente.id, (balance.get(cliente.id) ?? 0) + totalCents);
        lastFiado.set(cliente.id, sale.data);
      }
    }

    for (const client of fiadoClients) {
      const owed = balance.get(client.id) ?? 0;
      const instant = clock.at(offset, random.int(10, 19), random.int(0, 59));
      if (owed <= 0 || slowPayers.has(client.id) || !random.chance(0.08) || !beforeNow(instant)) continue;
      const paid = random.chance(0.45) ? owed : Math.min(owed, random.int(1, 10) * 1000);
      const entry: LedgerPlan = {
        id: random.uuid(),
        cliente_id: client.id,
        tipo: 'pagamento',
        valorCents: paid,
        data: clock.date(offset),
        descricao: random.pick(['Pagamento em dinheiro', 'Pagamento via Pix']),
        created_at: instant.toISOString(),
      };
      day.ledger.push(entry);
      balance.set(client.id, owed - paid);
    }
    days.push(day);
  }

  const overdue = fiadoClients
    .filter((client) => slowPayers.has(client.id) && (balance.get(client.id) ?? 0) > 0)
    .map((client) => ({
      client,
      mensagem: overdueMessage(client.nome, balance.get(client.id) ?? 0, lastFiado.get(client.id) ?? ''),
    }));

  return {
    products,
    clients,
    days,
    ...planRecords(random, clock, first, overdue),
    expected: { stockMilli: stock, balanceCents: balance },
  };
}
