// Product search inside the worker: an in-memory index of names, brands and barcodes kept in step with the
// database, so a search over ten thousand products answers in a millisecond or two. The category is not searched
// (its key, 'queijos_frios', would make 'queijo' find the yoghurt and the butter); names rank first: a word of the
// name that starts with the text, then a name that contains it, then a brand or barcode that does.
import type { RxStorageChangeEvent } from 'rxdb';
import type { Subscription } from 'rxjs';
import type { ProdutosDoc } from '../../schemas/index.ts';
import type { LocalDatabase } from '../db/local-database.ts';

/** Lower case without accents, so 'feijão' finds 'FEIJAO'. */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

interface Entry {
  doc: ProdutosDoc;
  /** The normalized name, with a space before it so ' queijo' finds a word that starts with 'queijo'. */
  name: string;
  /** The normalized brand and barcode. */
  others: string;
}

/** How well an entry matches: 0 a word of its name starts with the text, 1 its name contains it, 2 its brand or
 * barcode does; null when nothing does. */
function rankOf(entry: Entry, needle: string): 0 | 1 | 2 | null {
  if (entry.name.includes(` ${needle}`)) return 0;
  if (entry.name.includes(needle)) return 1;
  if (entry.others.includes(needle)) return 2;
  return null;
}

export interface ProductSearch {
  /** Products whose name, brand or barcode contains `text`, name matches first and by name within each kind of
   * match; every product by name when `text` is empty. */
  search(text: string, limit?: number): ProdutosDoc[];
  size(): number;
  ready: Promise<void>;
  close(): void;
}

export function followProductSearch(database: LocalDatabase): ProductSearch {
  const entries = new Map<string, Entry>();
  let sorted: Entry[] | undefined;
  const put = (doc: ProdutosDoc & { _deleted?: boolean }, deleted: boolean) => {
    sorted = undefined;
    if (deleted) {
      entries.delete(doc.id);
      return;
    }
    const name = ` ${normalize(doc.nome)}`;
    const others = normalize([doc.marca ?? '', doc.codigo_barras ?? ''].join('\u0000'));
    entries.set(doc.id, { doc, name, others });
  };
  const buffered: RxStorageChangeEvent<ProdutosDoc>[] = [];
  let loaded = false;
  const apply = (event: RxStorageChangeEvent<ProdutosDoc>) => {
    const doc = event.documentData as (ProdutosDoc & { _deleted?: boolean }) | undefined;
    if (doc) put(doc, event.operation === 'DELETE' || doc._deleted === true);
  };
  const subscription: Subscription = database.produtos.eventBulks$.subscribe((bulk) => {
    for (const event of bulk.events) {
      if (loaded) apply(event);
      else buffered.push(event);
    }
  });
  const ready = database.produtos
    .find()
    .exec()
    .then((docs) => {
      for (const doc of docs) put(doc.toJSON(), false);
      loaded = true;
      for (const event of buffered.splice(0)) apply(event);
    });

  return {
    search(text, limit = 50) {
      sorted ??= [...entries.values()].sort((a, b) => a.doc.nome.localeCompare(b.doc.nome, 'pt-BR'));
      const needle = normalize(text.trim());
      if (needle === '') return sorted.slice(0, limit).map((entry) => entry.doc);
      const ranked: [ProdutosDoc[], ProdutosDoc[], ProdutosDoc[]] = [[], [], []];
      for (const entry of sorted) {
        const rank = rankOf(entry, needle);
        if (rank !== null) ranked[rank].push(entry.doc);
        // Nothing can come before the best matches, so enough of them ends the walk.
        if (ranked[0].length >= limit) break;
      }
      return ranked.flat().slice(0, limit);
    },
    size: () => entries.size,
    ready,
    close() {
      subscription.unsubscribe();
    },
  };
}
