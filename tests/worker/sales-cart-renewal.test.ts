// The cart's stored copy does not grow with the shop's sales: each finished or cleared cart is replaced by a fresh
// doc, its history dropped from the store, and nothing written to the next cart is lost on the way.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { CartLine } from '../../workers/cart/cart-view.ts';
import { createOpenCarts, type OpenCart } from '../../workers/cart/open-carts.ts';
import { memoryDraftPersistence } from '../../workers/drafts/persistence.ts';

/** A device's store in memory that says how many bytes each owner's cart holds. */
function measuredStore() {
  const saved = new Map<string, Uint8Array>();
  return { persistence: memoryDraftPersistence(saved), bytes: (userId: string) => saved.get(`${userId}-carrinho`)?.length ?? 0 };
}

const line = (index: number): CartLine => ({
  produto_id: `produto-${String(index)}`,
  nome: `Produto ${String(index)}`,
  marca: null,
  preco: 2.5,
  unidade: 'un',
  quantidade: '1',
  ordem: index,
  desconto: null,
});

/** A counter sale's cart: 20 lines, a line changed twice, the payment chosen. */
function fill(cart: OpenCart): void {
  for (let index = 0; index < 20; index += 1) cart.itens.set(`produto-${String(index)}`, line(index));
  cart.itens.set('produto-3', { ...line(3), quantidade: '2' });
  cart.itens.set('produto-3', { ...line(3), quantidade: '3' });
  cart.opcoes.set('tipo', 'avista');
  cart.opcoes.set('forma_pagamento', 'dinheiro');
}

const linesOf = (cart: OpenCart) => [...cart.itens.keys()].sort();

describe('the cart after a sale', () => {
  it('stores no more after 60 sales than after one: the sold carts leave nothing behind', async () => {
    const store = measuredStore();
    const carts = createOpenCarts(store.persistence);
    const owner = randomUUID();
    const sell = async () => {
      await carts.withCart(owner, fill);
      await carts.renew(owner);
      // The next customer's first item.
      await carts.withCart(owner, (cart) => {
        cart.itens.set('produto-0', line(0));
      });
      await carts.stored(owner);
    };
    await sell();
    const afterOne = store.bytes(owner);
    expect(afterOne).toBeGreaterThan(0);
    for (let sale = 0; sale < 60; sale += 1) await sell();
    // A fresh doc's client id may take a byte or two more to write; 60 sales kept would take thousands.
    expect(store.bytes(owner)).toBeLessThanOrEqual(afterOne + 4);

    // What the next customer has in the cart survives a reload.
    const reloaded = createOpenCarts(store.persistence);
    expect(await reloaded.withCart(owner, linesOf)).toEqual(['produto-0']);
  });

  it('a cart written to right after the sale, before the stored copy is emptied, keeps what was written', async () => {
    const store = measuredStore();
    const carts = createOpenCarts(store.persistence);
    const owner = randomUUID();
    await carts.withCart(owner, fill);
    await carts.renew(owner);
    // Same turn as the renewal: the fresh doc is not bound to the store yet.
    await carts.withCart(owner, (cart) => {
      cart.itens.set('produto-7', line(7));
    });
    await carts.stored(owner);
    expect(await createOpenCarts(store.persistence).withCart(owner, linesOf)).toEqual(['produto-7']);
  });

  it('the live cart moves to the fresh doc, and the sold lines never come back', async () => {
    const store = measuredStore();
    const carts = createOpenCarts(store.persistence);
    const owner = randomUUID();
    const seen: string[][] = [];
    const subscription = carts.cart$(owner).subscribe((cart) => {
      seen.push(linesOf(cart));
    });
    await carts.withCart(owner, fill);
    await carts.renew(owner);
    await carts.stored(owner);
    subscription.unsubscribe();
    expect(seen).toEqual([[], []]);
    expect(await carts.withCart(owner, linesOf)).toEqual([]);
  });

  it('an empty cart stored with the history of earlier sales starts afresh when opened', async () => {
    const store = measuredStore();
    const owner = randomUUID();
    // A cart as kept before carts were renewed: 100 sales filled and cleared in one doc.
    const old = new Y.Doc();
    const binding = store.persistence(`${owner}-carrinho`, old);
    const itens = old.getMap<CartLine>('itens');
    const opcoes = old.getMap('opcoes');
    for (let sale = 0; sale < 100; sale += 1) {
      fill({ doc: old, itens, opcoes });
      old.transact(() => {
        itens.clear();
        opcoes.clear();
      });
    }
    await binding.close();
    const grown = store.bytes(owner);
    expect(grown).toBeGreaterThan(10_000);

    const carts = createOpenCarts(store.persistence);
    await carts.withCart(owner, (cart) => {
      cart.itens.set('produto-1', line(1));
    });
    await carts.stored(owner);
    expect(store.bytes(owner)).toBeLessThan(1_000);
    expect(await createOpenCarts(store.persistence).withCart(owner, linesOf)).toEqual(['produto-1']);
  });
});
