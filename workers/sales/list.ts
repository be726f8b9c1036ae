// The sales list's rules without a database: the period's first and last day, the type filter with its
// counts, newest first, pages, and the total of the filtered sales (pure, unit-tested).
import type { VendasDoc } from '../../schemas/index.ts';
import type { PaymentPart } from '../till/summary.ts';

export type SalesPeriod = 'hoje' | '7dias' | '30dias' | 'personalizado';
export type SalesTypeFilter = 'todas' | 'avista' | 'fiado';

export interface SalesListParams {
  readonly periodo: SalesPeriod;
  /** First and last day (yyyy-MM-dd) of 'personalizado'; either may be missing (open range). */
  readonly de?: string;
  readonly ate?: string;
  readonly tipo: SalesTypeFilter;
  readonly page?: number;
  /** 10 by default (the admin's page size for sales, docs/product.md §9). */
  readonly pageSize?: number;
}

export interface SaleRow {
  readonly id: string;
  readonly data: string;
  readonly tipo: 'avista' | 'fiado';
  readonly clienteId: string | null;
  /** Null without a client, or while the client has not reached this device. */
  readonly clienteNome: string | null;
  readonly formaPagamento: string | null;
  readonly formaPagamentoDescricao: string | null;
  readonly total: number;
  /**
   * A split payment's parts (docs/product.md §10); null for a sale paid by one method. The device's reads always
   * set it; a view built without it (an older reading) is paid by one method.
   */
  readonly pagamentos?: readonly PaymentPart[] | null;
  /** Lines in the sale. */
  readonly itens: number;
  /** The moment the sale was recorded (ISO), whose time of day the list shows. */
  readonly createdAt: string;
}

export interface SalesListPage {
  readonly items: readonly SaleRow[];
  /** Sales of the period by type (the filter buttons' counts). */
  readonly counts: { readonly todas: number; readonly avista: number; readonly fiado: number };
  /** Sales matching period and type, over all pages. */
  readonly total: number;
  /** Sum of the matching sales' totals. */
  readonly valor: number;
  readonly page: number;
  readonly pageCount: number;
  readonly pageSize: number;
  /** The days the period covers (for the heading); null ends are open. */
  readonly de: string | null;
  readonly ate: string | null;
  /**
   * The first day of the window of sales this device keeps, when the period reaches before it: earlier sales are
   * on the server only. Null when the whole period is inside the window.
   */
  readonly keptFrom: string | null;
}

export const SALES_PAGE_SIZE = 10;

/** The day `days` before a yyyy-MM-dd day (calendar arithmetic, no time zone involved). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period's first and last day, given the device's today: 7 and 30 days include today. */
export function periodRange(params: Pick<SalesListParams, 'periodo' | 'de' | 'ate'>, today: string) {
  switch (params.periodo) {
    case 'hoje':
      return { de: today, ate: today };
    case '7dias':
      return { de: daysBefore(today, 6), ate: today };
    case '30dias':
      return { de: daysBefore(today, 29), ate: today };
    case 'personalizado': {
      const de = params.de && DAY.test(params.de) ? params.de : null;
      const ate = params.ate && DAY.test(params.ate) ? params.ate : null;
      return de && ate && de > ate ? { de: ate, ate: de } : { de, ate };
    }
  }
}

type SaleDoc = Pick<
  VendasDoc,
  | 'id'
  | 'data'
  | 'tipo'
  | 'cliente_id'
  | 'forma_pagamento'
  | 'forma_pagamento_descricao'
  | 'pagamentos'
  | 'total'
  | 'itens'
  | 'created_at'
>;

/** A sale's parts when it is split; null for one method (no parts, or an empty list). */
export function splitPartsOf(sale: { readonly pagamentos?: readonly PaymentPart[] | null }): readonly PaymentPart[] | null {
  return sale.pagamentos && sale.pagamentos.length > 0 ? sale.pagamentos : null;
}

/** Newest first: by day, then by when it was recorded, then by id (a stable order on every device). */
function newestFirst(a: SaleDoc, b: SaleDoc): number {
  if (a.data !== b.data) return a.data < b.data ? 1 : -1;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

/** A sale as a row of the list (the device's copy or the server's). */
export function saleRowOf(
  doc: Pick<
    SaleDoc,
    | 'id'
    | 'data'
    | 'tipo'
    | 'cliente_id'
    | 'forma_pagamento'
    | 'forma_pagamento_descricao'
    | 'pagamentos'
    | 'total'
    | 'created_at'
  > & {
    readonly itens: readonly unknown[];
  },
  clientNames: ReadonlyMap<string, string>,
): SaleRow {
  return {
    id: doc.id,
    data: doc.data,
    tipo: doc.tipo,
    clienteId: doc.cliente_id ?? null,
    clienteNome: doc.cliente_id ? (clientNames.get(doc.cliente_id) ?? null) : null,
    formaPagamento: doc.forma_pagamento ?? null,
    formaPagamentoDescricao: doc.forma_pagamento_descricao ?? null,
    total: doc.total,
    pagamentos: splitPartsOf(doc),
    itens: doc.itens.length,
    createdAt: doc.created_at,
  };
}

export function salesListPage(
  docs: readonly SaleDoc[],
  clientNames: ReadonlyMap<string, string>,
  params: SalesListParams,
  today: string,
  windowStart: string | null = null,
): SalesListPage {
  const { de, ate } = periodRange(params, today);
  const reachesBefore = windowStart !== null && (de === null || de < windowStart);
  const inPeriod = docs.filter((doc) => (de === null || doc.data >= de) && (ate === null || doc.data <= ate));
  const counts = {
    todas: inPeriod.length,
    avista: inPeriod.filter((doc) => doc.tipo !== 'fiado').length,
    fiado: inPeriod.filter((doc) => doc.tipo === 'fiado').length,
  };
  const matching = inPeriod
    .filter((doc) => params.tipo === 'todas' || (params.tipo === 'fiado') === (doc.tipo === 'fiado'))
    .sort(newestFirst);
  const pageSize =
    params.pageSize && Number.isInteger(params.pageSize) && params.pageSize > 0 ? params.pageSize : SALES_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const requested = params.page && Number.isInteger(params.page) && params.page > 0 ? params.page : 1;
  const page = Math.min(requested, pageCount);
  const cents = matching.reduce((sum, doc) => sum + Math.round(doc.total * 100), 0);
  return {
    items: matching.slice((page - 1) * pageSize, page * pageSize).map((doc) => saleRowOf(doc, clientNames)),
    counts,
    total: matching.length,
    valor: cents / 100,
    page,
    pageCount,
    pageSize,
    de,
    ate,
    keptFrom: reachesBefore ? windowStart : null,
  };
}
