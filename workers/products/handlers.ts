// The products domain in the worker: create, edit, delete and search products; stock is derived, not written.
import type { Observable } from 'rxjs';
import { switchMap, of } from 'rxjs';
import type { ProdutosDoc } from '../../schemas/index.ts';
import { DataError } from '../contract/errors.ts';
import { newId, stampOf } from '../db/records.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';

export interface NewProduct {
  nome: string;
  preco: number;
  preco_compra?: number;
  /** Stock at creation: recorded as a count (historico_estoque 'ajuste'). */
  estoque?: number;
  estoque_minimo?: number;
  unidade?: string;
  descricao?: string | null;
  codigo_barras?: string | null;
  categoria?: string | null;
  marca?: string | null;
}

export type ProductChanges = Partial<Omit<NewProduct, 'estoque'>>;

export function createProductsDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      async create(input: NewProduct): Promise<string> {
        const workspace = await holder.current();
        const id = newId();
        const now = stampOf(workspace);
        const { estoque, ...fields } = input;
        await workspace.database.produtos.insert({
          id,
          user_id: workspace.userId,
          unidade: 'un',
          estoque_minimo: 5,
          preco_compra: 0,
          ...fields,
          created_at: now,
          updated_at: now,
        });
        if (estoque !== undefined) {
          await workspace.database.historico_estoque.insert({
            id: newId(),
            user_id: workspace.userId,
            produto_id: id,
            tipo: 'ajuste',
            quantidade: estoque,
            observacao: 'Estoque inicial',
            hlc: workspace.clock.now(),
            created_at: now,
            updated_at: now,
          });
        }
        return id;
      },
      async update(id: string, changes: ProductChanges): Promise<void> {
        const workspace = await holder.current();
        const doc = await workspace.database.produtos.findOne(id).exec();
        if (!doc) throw new DataError('not_found', 'Não foi possível carregar os dados do produto.');
        await doc.incrementalPatch({ ...changes, updated_at: stampOf(workspace) });
      },
      async remove(id: string): Promise<void> {
        const workspace = await holder.current();
        const doc = await workspace.database.produtos.findOne(id).exec();
        if (!doc) return;
        await doc.incrementalModify((data) => ({ ...data, updated_at: stampOf(workspace) }));
        await doc.getLatest().remove();
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
      async stockOf(id: string): Promise<number> {
        return (await holder.current()).counters.stockOf(id);
      },
    },
    live: {
      productStock: (params: { productId: string }): Observable<number> =>
        holder.workspace$.pipe(switchMap((workspace) => (workspace ? workspace.counters.stock$(params.productId) : of(0)))),
    },
  };
}
