// The sales domain: a sale with its items is one document, one atomic write; stock and balances follow from it.
import { DataError } from '../contract/errors.ts';
import { cents, newId, stampOf, todayOf } from '../db/records.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';

export interface NewSaleItem {
  produto_id: string;
  quantidade: number;
  /** Defaults to the product's price. */
  preco_unitario?: number;
}

export interface NewSale {
  itens: readonly NewSaleItem[];
  tipo?: 'avista' | 'fiado';
  cliente_id?: string | null;
  forma_pagamento?: string | null;
}

export function createSalesDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      async register(input: NewSale): Promise<string> {
        const workspace = await holder.current();
        if (input.itens.length === 0) throw new DataError('invalid_input', 'Adicione ao menos um produto à venda.');
        const tipo = input.tipo ?? 'avista';
        if (tipo === 'fiado' && !input.cliente_id) throw new DataError('invalid_input', 'Escolha o cliente da venda fiado.');
        const products = await workspace.database.produtos.findByIds(input.itens.map((item) => item.produto_id)).exec();
        const itens = input.itens.map((item) => {
          const product = products.get(item.produto_id);
          if (!product) throw new DataError('not_found', 'Produto não encontrado.');
          const preco = item.preco_unitario ?? product.preco;
          return {
            produto_id: item.produto_id,
            quantidade: item.quantidade,
            preco_unitario: preco,
            preco_total: cents(preco * item.quantidade),
            nome_produto: product.nome,
            marca_produto: product.marca ?? null,
            unidade_produto: product.unidade,
          };
        });
        const id = newId();
        const now = stampOf(workspace);
        await workspace.database.vendas.insert({
          id,
          user_id: workspace.userId,
          data: todayOf(workspace),
          total: cents(itens.reduce((sum, item) => sum + Math.round(item.preco_total * 100), 0) / 100),
          tipo,
          cliente_id: input.cliente_id ?? null,
          forma_pagamento: input.forma_pagamento ?? null,
          hlc: workspace.clock.now(),
          itens,
          created_at: now,
          updated_at: now,
        });
        return id;
      },
      /** Cancels a sale: its items return to stock and a fiado sale leaves the client's balance. */
      async remove(id: string): Promise<void> {
        const workspace = await holder.current();
        const doc = await workspace.database.vendas.findOne(id).exec();
        if (!doc) return;
        await doc.incrementalModify((data) => ({ ...data, updated_at: stampOf(workspace) }));
        await doc.getLatest().remove();
      },
    },
  };
}
