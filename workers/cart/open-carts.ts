// The cart each owner writes to now: a Y.Doc kept on the device (drafts/persistence.ts), replaced by a fresh one
// once a sale empties it, so the history of every past cart does not pile up in the stored copy and in each start.
import { concat, filter, from, map, Subject, type Observable } from 'rxjs';
import * as Y from 'yjs';
import type { DraftPersistence, DraftStore } from '../drafts/persistence.ts';
import type { CartLine } from './cart-view.ts';

export interface OpenCart {
  readonly doc: Y.Doc;
  readonly itens: Y.Map<CartLine>;
  readonly opcoes: Y.Map<unknown>;
}

export interface OpenCarts {
  /** Runs `use` on the owner's current cart in the same turn it is looked up, so a write never lands on a cart a
   * sale has just replaced. */
  withCart<T>(userId: string, use: (cart: OpenCart) => T): Promise<T>;
  /** The owner's current cart now, then each fresh one that replaces it. */
  cart$(userId: string): Observable<OpenCart>;
  /** Empties the owner's cart and goes on with a fresh doc; the stored copy is emptied behind it. */
  renew(userId: string): Promise<void>;
  /** Resolves once the owner's current cart is bound to its stored copy (kept across a reload from then on). */
  stored(userId: string): Promise<void>;
}

const keyOf = (userId: string) => `${userId}-carrinho`;

function cartOnDoc(doc: Y.Doc): OpenCart {
  return { doc, itens: doc.getMap<CartLine>('itens'), opcoes: doc.getMap('opcoes') };
}

const isEmpty = (cart: OpenCart) => cart.itens.size === 0 && cart.opcoes.size === 0;

export function createOpenCarts(persistence: DraftPersistence): OpenCarts {
  /** The cart written to now, per key (set once the first one is loaded). */
  const current = new Map<string, OpenCart>();
  /** The first load of each key's cart. */
  const loading = new Map<string, Promise<void>>();
  /** The binding of each key's current doc to its stored copy, once made. */
  const bindings = new Map<string, Promise<DraftStore | null>>();
  const renewed = new Subject<string>();

  /** Swaps in a fresh doc at once; the old doc's stored copy is emptied before the fresh one is bound to it (bound
   * any earlier, it would load the old history back). Writes made meanwhile are kept: binding stores them first. */
  function swap(key: string): void {
    const fresh = cartOnDoc(new Y.Doc());
    current.set(key, fresh);
    const previous = bindings.get(key) ?? Promise.resolve(null);
    bindings.set(
      key,
      previous
        .then((store) => store?.empty())
        // An old copy left in place only costs space: its content was empty, so the fresh doc shows the same.
        .catch((error: unknown) => {
          console.warn('carrinho anterior não esvaziado', error);
        })
        .then(async () => {
          const store = persistence(key, fresh.doc);
          await store.ready;
          return store;
        }),
    );
    renewed.next(key);
  }

  function load(key: string): Promise<void> {
    let loaded = loading.get(key);
    if (!loaded) {
      const cart = cartOnDoc(new Y.Doc());
      const store = persistence(key, cart.doc);
      const bound = store.ready.then(() => store);
      bindings.set(key, bound);
      loaded = bound.then(() => {
        current.set(key, cart);
        // Empty but carrying the history of earlier carts (stored before carts were renewed): start afresh.
        if (isEmpty(cart) && cart.doc.store.clients.size > 0) swap(key);
      });
      loading.set(key, loaded);
    }
    return loaded;
  }

  function currentOf(key: string): OpenCart {
    const cart = current.get(key);
    if (!cart) throw new Error(`carrinho ${key} não aberto`);
    return cart;
  }

  return {
    async withCart(userId, use) {
      const key = keyOf(userId);
      await load(key);
      return use(currentOf(key));
    },
    cart$(userId) {
      const key = keyOf(userId);
      return concat(from(load(key)), renewed.pipe(filter((renewedKey) => renewedKey === key))).pipe(map(() => currentOf(key)));
    },
    async renew(userId) {
      const key = keyOf(userId);
      await load(key);
      const cart = currentOf(key);
      cart.doc.transact(() => {
        cart.itens.clear();
        cart.opcoes.clear();
      });
      swap(key);
    },
    async stored(userId) {
      const key = keyOf(userId);
      await load(key);
      await bindings.get(key);
    },
  };
}
