// The search domain: the header search's results across products (the name, brand and barcode index) and clients
// (by name), accents and case ignored, from the device; live, so a product or client added meanwhile shows up.
import { merge, of, startWith, switchMap, type Observable } from 'rxjs';
import type { ClientesDoc } from '../../schemas/index.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { normalize } from '../products/search-index.ts';

/** At most this many results of each kind are listed (the totals say how many matched). */
export const SEARCH_LIMIT = 20;

export interface ProductHit {
  id: string;
  nome: string;
  marca: string | null;
  unidade: string;
  preco: number;
  estoque: number;
}

export interface ClientHit {
  id: string;
  nome: string;
  /** Digits only, as stored. */
  telefone: string | null;
  saldo: number;
}

export interface SearchResults {
  /** The text searched for, trimmed (blank: nothing was searched). */
  text: string;
  products: ProductHit[];
  productTotal: number;
  clients: ClientHit[];
  clientTotal: number;
}

const nothing = (text: string): SearchResults => ({ text, products: [], productTotal: 0, clients: [], clientTotal: 0 });

async function searchOn(workspace: Workspace, text: string): Promise<SearchResults> {
  const found = workspace.products.search(text, Number.MAX_SAFE_INTEGER);
  const needle = normalize(text);
  const clients = (await workspace.database.clientes.find().exec())
    .map((doc) => doc.toJSON() as ClientesDoc)
    .filter((doc) => normalize(doc.nome).includes(needle))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR') || (a.id < b.id ? -1 : 1));
  return {
    text,
    products: found.slice(0, SEARCH_LIMIT).map((doc) => ({
      id: doc.id,
      nome: doc.nome,
      marca: doc.marca ?? null,
      unidade: doc.unidade,
      preco: doc.preco,
      estoque: workspace.counters.stockOf(doc.id),
    })),
    productTotal: found.length,
    clients: clients.slice(0, SEARCH_LIMIT).map((doc) => ({
      id: doc.id,
      nome: doc.nome,
      telefone: doc.telefone ?? null,
      saldo: workspace.counters.balanceOf(doc.id),
    })),
    clientTotal: clients.length,
  };
}

export function createSearchDomain(holder: WorkspaceHolder) {
  return {
    handlers: {},
    live: {
      /** Products and clients matching `text`; nothing for a blank text. */
      search: (params: { text: string }): Observable<SearchResults> => {
        const text = params.text.trim();
        return liveInWorkspace(holder, { value: nothing(text) }, (workspace) => {
          if (text === '') return of(nothing(text));
          const { produtos, clientes } = workspace.database;
          return merge(produtos.eventBulks$, clientes.eventBulks$, workspace.counters.changes$).pipe(
            startWith(null),
            switchMap(() => searchOn(workspace, text)),
          );
        });
      },
    },
  };
}
