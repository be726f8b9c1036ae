// The new-sale cart (docs/product.md §3–§5): a Y.Doc per owner kept on the device like the form drafts, so a reload or a
// crashed tab keeps it; finishing turns it into one sale document (the sales domain's recordSale) and clears it.
import { map, merge, Observable, startWith, switchMap } from 'rxjs';
import * as Y from 'yjs';
import type { ProdutosDoc } from '../../schemas/index.ts';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { indexedDbDraftPersistence, type DraftPersistence, type DraftStore } from '../drafts/persistence.ts';
import { recordSale } from '../sales/handlers.ts';
import { newSaleSchema } from '../sales/schema.ts';
import { saleOfCart, totalOf, viewOfCart, type CartLine, type CartView } from './cart-view.ts';
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

interface OpenCart {
  doc: Y.Doc;
  itens: Y.Map<CartLine>;
  opcoes: Y.Map<unknown>;
  store: DraftStore;
}

/** The product a line is made of: what the cart shows and sells it for is copied when it is added. */
export interface AddedProduct {
  readonly nome: string;
}

const isWeighed = (unidade: string) => unidade === 'kg' || unidade === 'g';

export function createCartDomain(holder: WorkspaceHolder, persistence: DraftPersistence = indexedDbDraftPersistence) {
  const open = new Map<string, Promise<OpenCart>>();

  function cartOf(userId: string): Promise<OpenCart> {
    const key = `${userId}-carrinho`;
    let opened = open.get(key);
    if (!opened) {
      const doc = new Y.Doc();
      const store = persistence(key, doc);
      opened = store.ready.then(() => ({ doc, itens: doc.getMap<CartLine>('itens'), opcoes: doc.getMap('opcoes'), store }));
      open.set(key, opened);
    }
    return opened;
  }
  async function current(): Promise<{ workspace: Workspace; cart: OpenCart }> {
    const workspace = await holder.current();
    return { workspace, cart: await cartOf(workspace.userId) };
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

  /**
   * Empties the cart as one change to the doc (stored like any other): the doc and its store stay bound, so the
   * next sale's cart is kept too (clearing the store itself would leave the doc unsaved until the next reload).
   */
  function clearCart(cart: OpenCart): void {
    cart.doc.transact(() => {
      cart.itens.clear();
      cart.opcoes.clear();
    });
  }

  return {
    handlers: {
      /** 'Adicionar': one more unit, or the weight given; the same product twice stays one line. */
      async add(input: AddToCart): Promise<AddedProduct> {
        const { produto_id, quantidade } = parseInput(addToCartSchema, input);
        const { workspace, cart } = await current();
        const product = await workspace.database.produtos.findOne(produto_id).exec();
        if (!product) throw new DataError('not_found', { diagnostic: `produto ${produto_id}` });
        addLine(cart, product.toJSON(), quantidade);
        return { nome: product.nome };
      },
      /** The barcode field: adds the product with this exact code; `not_found` when none has it. */
      async addByBarcode(code: string): Promise<AddedProduct> {
        const codigo = parseInput(barcodeSchema, code);
        const { workspace, cart } = await current();
        const product = await workspace.database.produtos.findOne({ selector: { codigo_barras: codigo } }).exec();
        if (!product) throw new DataError('not_found', { diagnostic: `código ${codigo}` });
        addLine(cart, product.toJSON(), undefined);
        return { nome: product.nome };
      },
      /** A line's quantity as typed (a weight may be blank while typing; such a line does not count). */
      async setQuantity(input: CartQuantity): Promise<void> {
        const { produto_id, quantidade } = parseInput(cartQuantitySchema, input);
        const { cart } = await current();
        const line = cart.itens.get(produto_id);
        if (!line) throw new DataError('not_found', { diagnostic: `item ${produto_id}` });
        if (line.quantidade !== quantidade) cart.itens.set(produto_id, { ...line, quantidade });
      },
      /** A line's discount in reais or as a percentage of the line (null removes it). */
      async setLineDiscount(input: LineDiscount): Promise<void> {
        const { produto_id, desconto } = parseInput(lineDiscountSchema, input);
        const { cart } = await current();
        const line = cart.itens.get(produto_id);
        if (!line) throw new DataError('not_found', { diagnostic: `item ${produto_id}` });
        cart.itens.set(produto_id, { ...line, desconto });
      },
      async remove(produtoId: string): Promise<void> {
        const { produto_id } = parseInput(cartQuantitySchema, { produto_id: produtoId, quantidade: '' });
        const { cart } = await current();
        cart.itens.delete(produto_id);
      },
      /** Sale type, customer and payment method (only the ones given change). */
      async setOptions(input: CartOptionsInput): Promise<void> {
        const options = parseInput(cartOptionsSchema, input);
        const { cart } = await current();
        cart.doc.transact(() => {
          for (const [key, value] of Object.entries(options)) if (cart.opcoes.get(key) !== value) cart.opcoes.set(key, value);
        });
      },
      /** 'Limpar Carrinho'. */
      async clear(): Promise<void> {
        clearCart((await current()).cart);
      },
      /**
       * 'Finalizar Venda': the cart's lines above zero become one sale (refused like sales.register: an empty
       * cart on `itens`, fiado without a customer on `cliente_id`); the cart is cleared once it is stored.
       */
      async checkout(): Promise<{ id: string; total: number }> {
        const { workspace, cart } = await current();
        const sale = saleOfCart(cart.itens.values(), cart.opcoes.toJSON());
        const id = await recordSale(workspace, parseInput(newSaleSchema, sale));
        clearCart(cart);
        return { id, total: totalOf(sale) };
      },
    },
    live: {
      /** The cart with each line's subtotal and the stock shown now ('Acima do estoque' when it sells more). */
      cart: (): Observable<CartView> =>
        liveInWorkspace(
          holder,
          'nothing',
          (workspace) =>
            new Observable<CartView>((subscriber) => {
              let opened: OpenCart | undefined;
              const emit = () => {
                if (opened)
                  subscriber.next(
                    viewOfCart(opened.itens.values(), opened.opcoes.toJSON(), (id) => workspace.counters.stockOf(id)),
                  );
              };
              const stock = workspace.counters.changes$.subscribe(emit);
              cartOf(workspace.userId).then(
                (cart) => {
                  opened = cart;
                  cart.doc.on('update', emit);
                  emit();
                },
                (error: unknown) => {
                  subscriber.error(error);
                },
              );
              return () => {
                stock.unsubscribe();
                opened?.doc.off('update', emit);
              };
            }),
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
