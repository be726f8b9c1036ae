// The products domain in the worker: create, edit, delete and search products; stock is derived, not written.
import type { Observable } from 'rxjs';
import type { ProdutosDoc } from '../../schemas/index.ts';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import { insertOwned, patchOwned, softRemove } from '../db/records.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { recordStock } from '../stock/handlers.ts';
import { productLiveQueries } from './live.ts';
import { newProductSchema, productChangesSchema, type NewProduct, type ProductChanges } from './schema.ts';

export type { NewProduct, ProductChanges } from './schema.ts';
export type { ProductPage, ProductView, StockHistoryEntry } from './live.ts';

export function createProductsDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      async create(input: NewProduct): Promise<string> {
        const { estoque, ...fields } = parseInput(newProductSchema, input);
        const workspace = await holder.current();
        // The server refuses a product past the plan's cap: the device refuses it first, whatever screen asks.
        const cap = await workspace.productCap.current();
        if (cap !== null && (await workspace.database.produtos.count().exec()) >= cap)
          throw new DataError('limit_reached', { details: { limit: cap } });
        const id = await insertOwned(workspace, 'produtos', { unidade: 'un', estoque_minimo: 5, preco_compra: 0, ...fields });
        if (estoque !== undefined) {
          await recordStock(workspace, { produto_id: id, tipo: 'ajuste', quantidade: estoque, observacao: 'Estoque inicial' });
        }
        return id;
      },
      async update(id: string, changes: ProductChanges): Promise<void> {
        const parsed = parseInput(productChangesSchema, changes);
        await patchOwned(await holder.current(), 'produtos', id, parsed);
      },
      async remove(id: string): Promise<void> {
        await softRemove(await holder.current(), 'produtos', id);
      },
      async get(id: string): Promise<(ProdutosDoc & { estoque: number }) | null> {
        const workspace = await holder.current();
        const doc = await workspace.database.produtos.findOne(id).exec();
        return doc ? { ...(doc.toJSON() as ProdutosDoc), estoque: workspace.counters.stockOf(id) } : null;
      },
      async search(text: string, limit = 50): Promise<(ProdutosDoc & { estoque: number })[]> {
        const workspace = await holder.current();
        return workspace.products.search(text, limit).map((doc) => ({ ...doc, estoque: workspace.counters.stockOf(doc.id) }));
      },
      /** The product that already has this exact barcode, if any (the form's duplicate check). */
      async findByBarcode(code: string): Promise<{ id: string; nome: string } | null> {
        const workspace = await holder.current();
        const doc = await workspace.database.produtos.findOne({ selector: { codigo_barras: code.trim() } }).exec();
        return doc ? { id: doc.id, nome: doc.nome } : null;
      },
      async stockOf(id: string): Promise<number> {
        return (await holder.current()).counters.stockOf(id);
      },
    },
    live: {
      ...productLiveQueries(holder),
      productStock: (params: { productId: string }): Observable<number> =>
        liveInWorkspace(holder, { value: 0 }, (workspace) => workspace.counters.stock$(params.productId)),
    },
  };
}
