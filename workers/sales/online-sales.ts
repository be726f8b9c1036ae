// Sales older than the window the device keeps, read from the server (docs/growth.md §6): `vendas_anteriores`
// answers a page at a time, newest first, keyset on (data, id), with row-level security keeping the owner to her
// own sales. What was read is kept for the session, per query, so paging back and forth asks once; offline, what
// is kept is all there is, and the rest is out of reach (never an empty list that reads as "no sales").
import type { SupabaseClient } from '@supabase/supabase-js';
import { Subject, type Observable } from 'rxjs';
import * as v from 'valibot';
import { DataError } from '../contract/errors.ts';
import { PAYMENT_BUCKETS } from '../till/summary.ts';
import type { SalesTypeFilter } from './list.ts';

/** Sales per request to the server. */
export const ONLINE_PAGE_SIZE = 20;

const serverSaleSchema = v.object({
  id: v.string(),
  data: v.string(),
  tipo: v.picklist(['avista', 'fiado']),
  cliente_id: v.nullable(v.string()),
  forma_pagamento: v.nullable(v.string()),
  forma_pagamento_descricao: v.nullable(v.string()),
  total: v.number(),
  /** Cash received and the sale's own discount (reais), absent on sales made before the counter stored them. */
  valor_recebido: v.optional(v.nullable(v.number()), null),
  desconto: v.optional(v.nullable(v.number()), null),
  /** A split payment's parts; absent from a server that answers without them, as null (one method). */
  pagamentos: v.optional(v.nullable(v.array(v.object({ forma: v.picklist(PAYMENT_BUCKETS), valor: v.number() }))), null),
  itens: v.array(
    v.object({
      produto_id: v.string(),
      quantidade: v.number(),
      preco_unitario: v.number(),
      preco_total: v.number(),
      nome_produto: v.string(),
      marca_produto: v.optional(v.nullable(v.string()), null),
      unidade_produto: v.string(),
      desconto: v.optional(v.number()),
    }),
  ),
  created_at: v.string(),
  /** The server's revision of the sale: a change sent online names it, and is refused if the sale moved since. */
  _modified: v.string(),
});
const serverSalesSchema = v.array(serverSaleSchema);

/** A sale as the server holds it. */
export type ServerSale = v.InferOutput<typeof serverSaleSchema>;

/** Which older sales: those before `before` (the window's first day), inside the period, of the type. */
export interface OlderSalesQuery {
  readonly before: string;
  readonly de: string | null;
  readonly ate: string | null;
  readonly tipo: SalesTypeFilter;
}

export interface OlderSalesRead {
  /** The sales read so far, newest first, up to the pages asked for. */
  readonly sales: readonly ServerSale[];
  /** Whether the server holds more after them (true while they could not be asked for). */
  readonly hasMore: boolean;
  /** False when more were wanted and the server could not be reached. */
  readonly reachable: boolean;
}

export interface ServerSales {
  /** The first `pages` pages of the query's sales: those kept, and more asked for while online. */
  read(query: OlderSalesQuery, pages: number, online: boolean): Promise<OlderSalesRead>;
  /** A sale read before, or asked for now while online; null when it is not found or out of reach. */
  sale(id: string, online: boolean): Promise<ServerSale | null>;
  /** Forgets what was read (after a change made online, the server's sales have moved). */
  refresh(): void;
  /** Each refresh: the screens showing what was read ask again. */
  readonly refreshed: Observable<void>;
}

interface KeptQuery {
  sales: ServerSale[];
  done: boolean;
  /** The read under way, so two screens asking at once append each page once. */
  busy: Promise<unknown>;
}

interface RpcAnswer {
  data: unknown;
  error: { code?: string; message: string } | null;
}

/** The server's answer as sales; null when the request never reached it (no code: out of reach, as offline). */
function salesOf(answer: RpcAnswer, what: string): ServerSale[] | null {
  if (answer.error) {
    if (!answer.error.code) return null;
    throw new DataError('internal', { diagnostic: `${what}: ${answer.error.code} ${answer.error.message}` });
  }
  const parsed = v.safeParse(serverSalesSchema, answer.data);
  if (!parsed.success) throw new DataError('internal', { diagnostic: `${what}: resposta inesperada` });
  return parsed.output;
}

export function serverSales(client: SupabaseClient): ServerSales {
  const queries = new Map<string, KeptQuery>();
  const byId = new Map<string, ServerSale>();
  const refreshed = new Subject<void>();

  async function nextPage(query: OlderSalesQuery, kept: KeptQuery): Promise<boolean> {
    const last = kept.sales.at(-1);
    const answer: RpcAnswer = await client.rpc('vendas_anteriores', {
      p_antes: query.before,
      p_de: query.de,
      p_ate: query.ate,
      p_tipo: query.tipo === 'todas' ? null : query.tipo,
      p_apos_data: last?.data ?? null,
      p_apos_id: last?.id ?? null,
      p_limite: ONLINE_PAGE_SIZE,
    });
    const page = salesOf(answer, 'vendas_anteriores');
    if (!page) return false;
    for (const sale of page) byId.set(sale.id, sale);
    kept.sales.push(...page);
    kept.done = page.length < ONLINE_PAGE_SIZE;
    return true;
  }

  return {
    async read(query, pages, online) {
      const key = JSON.stringify([query.before, query.de, query.ate, query.tipo]);
      const kept = queries.get(key) ?? { sales: [], done: false, busy: Promise.resolve() };
      queries.set(key, kept);
      const wanted = Math.max(1, pages) * ONLINE_PAGE_SIZE;
      let reachable = true;
      const reading = kept.busy.then(async () => {
        while (kept.sales.length < wanted && !kept.done) {
          if (!online || !(await nextPage(query, kept))) {
            reachable = false;
            return;
          }
        }
      });
      kept.busy = reading.catch(() => undefined);
      await reading;
      return { sales: kept.sales.slice(0, wanted), hasMore: kept.sales.length > wanted || !kept.done, reachable };
    },
    async sale(id, online) {
      const found = byId.get(id);
      if (found || !online) return found ?? null;
      const answer: RpcAnswer = await client
        .from('vendas')
        .select(
          'id, data, tipo, cliente_id, forma_pagamento, forma_pagamento_descricao, total, valor_recebido, desconto, pagamentos, itens, created_at, _modified',
        )
        .eq('id', id)
        .eq('_deleted', false)
        .limit(1);
      const sale = salesOf(answer, 'vendas')?.[0] ?? null;
      if (sale) byId.set(sale.id, sale);
      return sale;
    },
    refresh() {
      queries.clear();
      byId.clear();
      refreshed.next();
    },
    refreshed: refreshed.asObservable(),
  };
}
