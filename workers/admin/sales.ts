// /admin/sales on the server (docs/product.md §2, §7 Admin): a page of 10 live sales, newest first, with the owner and the
// client, a split sale's parts, and the figures of the search (count, revenue, à vista and fiado counts) from
// admin_sales_page.
import { parseInput } from '../contract/input.ts';
import { PAYMENT_BUCKETS, type PaymentBucket, type PaymentPart } from '../till/summary.ts';
import { ADMIN_PAGE_SIZE } from './schema.ts';
import { salesQuerySchema, type SaleType, type SalesQuery } from './products-sales-schema.ts';
import { reaching, serverError, type AdminServer } from './server.ts';

export interface AdminSaleRow {
  readonly id: string;
  readonly data: string;
  readonly total: number;
  /** Any tipo other than fiado is à vista (docs/product.md §3). */
  readonly tipo: SaleType;
  readonly formaPagamento: string | null;
  readonly formaPagamentoDescricao: string | null;
  /** A split payment's parts (docs/product.md §10); null for a sale paid by one method. */
  readonly pagamentos: readonly PaymentPart[] | null;
  readonly createdAt: string;
  readonly usuarioNome: string | null;
  readonly usuarioEmail: string | null;
  readonly nomeMercado: string | null;
  readonly clienteNome: string | null;
  readonly clienteTelefone: string | null;
}

export interface AdminSalesPage {
  readonly rows: readonly AdminSaleRow[];
  /** Sales of the chosen type matching the search, over every page. */
  readonly total: number;
  /** Figures of the search, whatever type is chosen. */
  readonly counts: { readonly todas: number; readonly avista: number; readonly fiado: number };
  readonly revenue: number;
  readonly page: number;
  readonly pages: number;
}

interface SaleJson {
  id: string;
  data: string;
  total: number | string;
  tipo: string;
  forma_pagamento: string | null;
  forma_pagamento_descricao: string | null;
  /** Absent from a server that answers without the parts. */
  pagamentos?: unknown;
  created_at: string;
  usuario_nome: string | null;
  usuario_email: string | null;
  nome_mercado: string | null;
  cliente_nome: string | null;
  cliente_telefone: string | null;
}

interface SalesJson {
  total: number | string;
  todas: number | string;
  avista: number | string;
  fiado: number | string;
  receita: number | string;
  rows: SaleJson[];
}

const isBucket = (value: unknown): value is PaymentBucket => PAYMENT_BUCKETS.includes(value as PaymentBucket);

/** One part as the server wrote it (amounts may come as text); null when unreadable. */
function partOf(value: unknown): PaymentPart | null {
  if (typeof value !== 'object' || value === null) return null;
  const { forma, valor } = value as { forma?: unknown; valor?: unknown };
  const amount = Number(valor);
  return isBucket(forma) && (typeof valor === 'number' || typeof valor === 'string') && Number.isFinite(amount)
    ? { forma, valor: amount }
    : null;
}

/** A sale's parts as the server answered them: null for one method, or when absent or unreadable. */
function partsOfRow(value: unknown): readonly PaymentPart[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const parts = (value as readonly unknown[]).map(partOf);
  return parts.every((part) => part !== null) ? parts : null;
}

function toSaleRow(row: SaleJson): AdminSaleRow {
  return {
    id: row.id,
    data: row.data,
    total: Number(row.total),
    tipo: row.tipo === 'fiado' ? 'fiado' : 'avista',
    formaPagamento: row.forma_pagamento,
    formaPagamentoDescricao: row.forma_pagamento_descricao,
    pagamentos: partsOfRow(row.pagamentos),
    createdAt: row.created_at,
    usuarioNome: row.usuario_nome,
    usuarioEmail: row.usuario_email,
    nomeMercado: row.nome_mercado,
    clienteNome: row.cliente_nome,
    clienteTelefone: row.cliente_telefone,
  };
}

export function createSalesHandlers(server: AdminServer) {
  return {
    /** One page of 10 live sales with the total of the chosen type and the search's figures. */
    async salesPage(query: SalesQuery = {}): Promise<AdminSalesPage> {
      const values = parseInput(salesQuerySchema, query);
      const client = server.online();
      const ask = async (page: number): Promise<SalesJson> => {
        const answer = await client.rpc('admin_sales_page', {
          p_search: values.search === '' ? null : values.search,
          p_tipo: values.tipo,
          p_limit: ADMIN_PAGE_SIZE,
          p_offset: (page - 1) * ADMIN_PAGE_SIZE,
        });
        if (answer.error) throw serverError(answer.error, answer.status);
        return answer.data as SalesJson;
      };
      let page = values.page;
      let result = await reaching(() => ask(page));
      const pagesOf = (json: SalesJson) => Math.max(1, Math.ceil(Number(json.total) / ADMIN_PAGE_SIZE));
      // Past the last page: the last page that has rows.
      if (result.rows.length === 0 && page > pagesOf(result)) {
        page = pagesOf(result);
        result = await reaching(() => ask(page));
      }
      return {
        rows: result.rows.map(toSaleRow),
        total: Number(result.total),
        counts: { todas: Number(result.todas), avista: Number(result.avista), fiado: Number(result.fiado) },
        revenue: Number(result.receita),
        page,
        pages: pagesOf(result),
      };
    },
  };
}
