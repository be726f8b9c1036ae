// The new-sale cart (docs/product.md §3–§5): a Y.Doc per owner kept on the device like the form drafts, so a reload or
// a crashed tab keeps it; finishing turns it into one sale document (the sales domain's recordSale) and the next sale
// starts on a fresh cart (open-carts.ts).
import { map, merge, Observable, startWith, switchMap } from 'rxjs';
import type { ProdutosDoc } from '../../schemas/index.ts';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { indexedDbDraftPersistence, type DraftPersistence } from '../drafts/persistence.ts';
import { recordSale } from '../sales/handlers.ts';
import { newSaleSchema } from '../sales/schema.ts';
import { saleOfCart, totalOf, viewOfCart, type CartView } from './cart-view.ts';
import { createOpenCarts, type OpenCart } from './open-carts.ts';
import { pickerOf, type CustomerPickerPage, type CustomerPickerParams } from './customer-picker.ts';
import {
  addToCartSchema,
  barcodeSchema,
  cartOptionsSchema,
  cartQuantitySchema,
  lineDiscountSchema,
  quantityOf,
  quantityTextOf,
  type AddToCart,
  type CartOptionsInput,
  type CartQuantity,
  type LineDiscount,
} from './schema.ts';

export type { CartLineView, CartView } from './cart-view.ts';
export type { CustomerPickerItem, CustomerPickerPage } from './customer-picker.ts';

/** The product a line is made of: what the cart shows and sells it for is copied when it is added. */
export interface AddedProduct {
  readonly nome: string;
}

const isWeighed = (unidade: string) => unidade === 'kg' || unidade === 'g';

export function createCartDomain(holder: WorkspaceHolder, persistence: DraftPersistence = indexedDbDraftPersistence) {
  const carts = createOpenCarts(persistence);
  /** Runs `use` on the signed-in owner's cart in the turn it is looked up (see OpenCarts.withCart). */
  async function withCart<T>(use: (cart: OpenCart) => T): Promise<T> {
    const workspace = await holder.current();
    return carts.withCart(workspace.userId, use);
  }

  function addLine(cart: OpenCart, product: ProdutosDoc, quantidade: number | undefined): void {
    const existing = cart.itens.get(product.id);
    const adding = quantidade ?? 1;
    const before = existing ? quantityOf(existing.quantidade) : 0;
    const ordem = existing?.ordem ?? Math.max(0, ...[...cart.itens.values()].map((line) => line.ordem)) + 1;
    cart.itens.set(product.id, {
      produto_id: product.id,
      nome: product.nome,
      marca: product.marca ?? null,
      preco: product.preco,
      unidade: product.unidade,
      quantidade: quantityTextOf(before + adding),
      ordem,
      desconto: existing?.desconto ?? null,
    });
  }

  return {
    handlers: {
      /** 'Adicionar': one more unit, or the weight given; the same product twice stays one line. */
      async add(input: AddToCart): Promise<AddedProduct> {
        const { produto_id, quantidade } = parseInput(addToCartSchema, input);
        const workspace = await holder.current();
        const product = await workspace.database.produtos.findOne(produto_id).exec();
        if (!product) throw new DataError('not_found', { diagnostic: `produto ${produto_id}` });
        await withCart((cart) => {
          addLine(cart, product.toJSON(), quantidade);
        });
        return { nome: product.nome };
      },
      /** The barcode field: adds the product with this exact code; `not_found` when none has it. */
      async addByBarcode(code: string): Promise<AddedProduct> {
        const codigo = parseInput(barcodeSchema, code);
        const workspace = await holder.current();
        const product = await workspace.database.produtos.findOne({ selector: { codigo_barras: codigo } }).exec();
        if (!product) throw new DataError('not_found', { diagnostic: `código ${codigo}` });
        await withCart((cart) => {
          addLine(cart, product.toJSON(), undefined);
        });
        return { nome: product.nome };
      },
      /** A line's quantity as typed (a weight may be blank while typing; such a line does not count). */
      async setQuantity(input: CartQuantity): Promise<void> {
        const { produto_id, quantidade } = parseInput(cartQuantitySchema, input);
        await withCart((cart) => {
          const line = cart.itens.get(produto_id);
          if (!line) throw new DataError('not_found', { diagnostic: `item ${produto_id}` });
          if (line.quantidade !== quantidade) cart.itens.set(produto_id, { ...line, quantidade });
        });
      },
      /** A line's discount in reais or as a percentage of the line (null removes it). */
      async setLineDiscount(input: LineDiscount): Promise<void> {
        const { produto_id, desconto } = parseInput(lineDiscountSchema, input);
        await withCart((cart) => {
          const line = cart.itens.get(produto_id);
          if (!line) throw new DataError('not_found', { diagnostic: `item ${produto_id}` });
          cart.itens.set(produto_id, { ...line, desconto });
        });
      },
      async remove(produtoId: string): Promise<void> {
        const { produto_id } = parseInput(cartQuantitySchema, { produto_id: produtoId, quantidade: '' });
        await withCart((cart) => {
          cart.itens.delete(produto_id);
        });
      },
      /** Sale type, customer and payment method (only the ones given change). */
      async setOptions(input: CartOptionsInput): Promise<void> {
        const options = parseInput(cartOptionsSchema, input);
        await withCart((cart) => {
          cart.doc.transact(() => {
            for (const [key, value] of Object.entries(options)) if (cart.opcoes.get(key) !== value) cart.opcoes.set(key, value);
          });
        });
      },
      /** 'Limpar Carrinho': the next sale starts on a fresh cart. */
      async clear(): Promise<void> {
        await carts.renew((await holder.current()).userId);
      },
      /**
       * 'Finalizar Venda': the cart's lines above zero become one sale (refused like sales.register: an empty
       * cart on `itens`, fiado without a customer on `cliente_id`); once it is stored, the next sale starts on a
       * fresh cart.
       */
      async checkout(): Promise<{ id: string; total: number }> {
        const workspace = await holder.current();
        const sale = await carts.withCart(workspace.userId, (cart) => saleOfCart(cart.itens.values(), cart.opcoes.toJSON()));
        const id = await recordSale(workspace, parseInput(newSaleSchema, sale));
        await carts.renew(workspace.userId);
        return { id, total: totalOf(sale) };
      },
    },
    live: {
      /** The cart with each line's subtotal and the stock shown now ('Acima do estoque' when it sells more). */
      cart: (): Observable<CartView> =>
        liveInWorkspace(holder, 'nothing', (workspace) =>
          carts.cart$(workspace.userId).pipe(
            switchMap(
              (opened) =>
                new Observable<CartView>((subscriber) => {
                  const emit = () => {
                    subscriber.next(
                      viewOfCart(opened.itens.values(), opened.opcoes.toJSON(), (id) => workspace.counters.stockOf(id)),
                    );
                  };
                  const stock = workspace.counters.changes$.subscribe(emit);
                  opened.doc.on('update', emit);
                  emit();
                  return () => {
                    stock.unsubscribe();
                    opened.doc.off('update', emit);
                  };
                }),
            ),
          ),
        ),
      /** '/sales/weighted': the products sold by weight (kg or g), by name, with their stock. */
      weighedProducts: (): Observable<
        { id: string; nome: string; marca: string | null; preco: number; unidade: string; estoque: number }[]
      > =>
        liveInWorkspace(holder, 'nothing', (workspace) =>
          merge(workspace.database.produtos.eventBulks$, workspace.counters.changes$).pipe(
            startWith(null),
            switchMap(async () => {
              await workspace.products.ready;
              return workspace.products
                .search('', Number.MAX_SAFE_INTEGER)
                .filter((doc) => isWeighed(doc.unidade))
                .map((doc) => ({
                  id: doc.id,
                  nome: doc.nome,
                  marca: doc.marca ?? null,
                  preco: doc.preco,
                  unidade: doc.unidade,
                  estoque: workspace.counters.stockOf(doc.id),
                }));
            }),
          ),
        ),
      /** The customer picker: names containing the search (accents and case ignored), the first `limit` by name. */
      customerPicker: (params: CustomerPickerParams): Observable<CustomerPickerPage> =>
        liveInWorkspace(holder, 'nothing', (workspace) =>
          workspace.database.clientes.find().$.pipe(map((docs) => pickerOf(docs, params))),
        ),
    },
  };
}
