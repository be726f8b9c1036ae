// The sales domain: a sale with its items is one document, one atomic write; stock and balances follow from it.
import type { InferOutput } from 'valibot';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import { cents, insertOwned, softRemove, todayOf } from '../db/records.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { totalsOf, updateSale } from './edit.ts';
import { salesLiveQueries } from './live.ts';
import { cancelOlderSale, olderSaleRemovalSchema, type OlderSaleRemoval } from './older-sale-removal.ts';
import { serverSales, type ServerSales } from './online-sales.ts';
import { cashDueOf, covers, partsInCents, refuseBadParts } from './payment-parts.ts';
import { newSaleSchema, type NewSale, type SaleEdit } from './schema.ts';

export type { NewSale, NewSaleItem } from './schema.ts';
export type { SaleEdit, SaleEditItem } from './schema.ts';
export type { OlderSaleRemoval } from './older-sale-removal.ts';
export type {
  OlderSalesParams,
  OlderSalesView,
  SaleDetails,
  SaleRow,
  SalesListPage,
  SalesListParams,
  SalesPeriod,
  SalesTypeFilter,
} from './live.ts';

/** A new sale as its schema leaves it (parsed and checked). */
export type CheckedSale = InferOutput<typeof newSaleSchema>;

/**
 * Records one sale (already checked) as one document: each line priced and named from its product, HLC-stamped; a
 * split payment's parts refused before anything is written when they do not stand with the total.
 */
export async function recordSale(workspace: Workspace, sale: CheckedSale): Promise<string> {
  const products = await workspace.database.produtos.findByIds(sale.itens.map((item) => item.produto_id)).exec();
  const itens = sale.itens.map((item, index) => {
    const product = products.get(item.produto_id);
    if (!product) throw new DataError('not_found', { issues: [{ field: `itens.${index}.produto_id`, code: 'required' }] });
    const preco = item.preco_unitario ?? product.preco;
    const precoTotal = cents(preco * item.quantidade);
    const desconto = item.desconto === undefined ? 0 : cents(item.desconto);
    if (desconto > precoTotal)
      throw DataError.invalid([{ field: `itens.${String(index)}.desconto`, code: 'too_large', limit: precoTotal }]);
    return {
      produto_id: item.produto_id,
      quantidade: item.quantidade,
      preco_unitario: preco,
      preco_total: precoTotal,
      ...(desconto > 0 ? { desconto } : {}),
      nome_produto: product.nome,
      marca_produto: product.marca ?? null,
      unidade_produto: product.unidade,
    };
  });
  const { total, desconto } = totalsOf(itens, sale.desconto ?? 0);
  const pagamentos = partsInCents(sale.pagamentos);
  const paid = { tipo: sale.tipo, forma_pagamento: sale.forma_pagamento, total, pagamentos };
  refuseBadParts(paid);
  const received = sale.valor_recebido === null ? null : cents(sale.valor_recebido);
  // Cash received is for what is paid in cash (a split sale's cash part), and never less than it.
  const cashDue = cashDueOf(paid);
  if (received !== null && cashDue === null) throw DataError.invalid([{ field: 'valor_recebido', code: 'invalid_option' }]);
  if (received !== null && cashDue !== null && !covers(received, cashDue))
    throw DataError.invalid([{ field: 'valor_recebido', code: 'too_small', limit: cashDue }]);
  return insertOwned(workspace, 'vendas', {
    data: todayOf(workspace),
    total,
    tipo: sale.tipo,
    cliente_id: sale.cliente_id,
    forma_pagamento: sale.forma_pagamento,
    forma_pagamento_descricao: sale.forma_pagamento_descricao,
    valor_recebido: received,
    desconto: desconto > 0 ? desconto : null,
    // Only a split sale carries the key: a sale paid by one method is stored as before the parts.
    ...(pagamentos === null ? {} : { pagamentos }),
    hlc: workspace.clock.now(),
    itens,
  });
}

export function createSalesDomain(holder: WorkspaceHolder) {
  /** Per workspace, the sales older than the window read online this session. */
  const online = new WeakMap<Workspace, ServerSales>();
  const serverSalesOf = (workspace: Workspace): ServerSales => {
    const found = online.get(workspace) ?? serverSales(workspace.client);
    online.set(workspace, found);
    return found;
  };
  return {
    handlers: {
      async register(input: NewSale): Promise<string> {
        const sale = parseInput(newSaleSchema, input);
        return recordSale(await holder.current(), sale);
      },
      /** 'Editar Venda': date, terms and lines rewritten in one write; the sale keeps its hlc (see edit.ts). */
      async update(input: SaleEdit): Promise<void> {
        await updateSale(await holder.current(), input);
      },
      /** Cancels a sale: its items return to stock and a fiado sale leaves the client's balance. */
      async remove(id: string): Promise<void> {
        await softRemove(await holder.current(), 'vendas', id);
      },
      /**
       * Cancels a sale older than the window, online only (docs/growth.md §6): the server cancels it if it is still
       * the revision read, and its triggers move stock, balance, bases and rollups, which the device then pulls.
       */
      async removeOlder(input: OlderSaleRemoval): Promise<void> {
        const { id, revision } = parseInput(olderSaleRemovalSchema, input);
        const workspace = await holder.current();
        await cancelOlderSale(workspace, serverSalesOf(workspace), id, revision);
      },
    },
    live: salesLiveQueries(holder, serverSalesOf),
  };
}
