// /admin/products on the server (docs/product.md §2, §7 Admin): a page of 10 live products with the total, the category
// and owner choices of the filters, and the deletion that reaches the owner's devices (a soft delete by
// admin_delete_product, logged by the server) with the product's photo removed from product-images.
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import { objectPathOf } from '../images/schema.ts';
import { ADMIN_PAGE_SIZE } from './schema.ts';
import {
  OWNER_CHOICES,
  ownersQuerySchema,
  productIdSchema,
  productsQuerySchema,
  type OwnersQuery,
  type ProductsQuery,
} from './products-sales-schema.ts';
import { reaching, rowsOrThrow, serverError, type AdminServer } from './server.ts';

const PRODUCT_IMAGES = 'product-images';

export interface AdminProductOwner {
  readonly id: string;
  readonly nome: string | null;
  readonly nomeMercado: string | null;
  readonly email: string | null;
}

export interface AdminProductRow {
  readonly id: string;
  readonly nome: string;
  readonly descricao: string | null;
  readonly marca: string | null;
  readonly categoria: string | null;
  readonly preco: number;
  readonly precoCompra: number;
  readonly estoque: number;
  readonly estoqueMinimo: number;
  readonly codigoBarras: string | null;
  readonly unidade: string;
  readonly imagemUrl: string | null;
  readonly createdAt: string;
  /** Null when the owner's profile no longer exists ('Usuário não encontrado'). */
  readonly owner: AdminProductOwner | null;
}

export interface AdminProductsPage {
  readonly rows: readonly AdminProductRow[];
  readonly total: number;
  readonly page: number;
  readonly pages: number;
}

export interface AdminProductCategory {
  readonly categoria: string;
  readonly produtos: number;
}

interface ProductsPageRow {
  id: string;
  user_id: string;
  nome: string;
  descricao: string | null;
  marca: string | null;
  categoria: string | null;
  preco: number | string;
  preco_compra: number | string;
  estoque: number | string;
  estoque_minimo: number | string;
  codigo_barras: string | null;
  unidade: string;
  imagem_url: string | null;
  created_at: string;
  dono_encontrado: boolean;
  dono_nome: string | null;
  dono_mercado: string | null;
  dono_email: string | null;
  total: number | string;
}

interface OwnerRow {
  id: string;
  nome: string | null;
  nome_mercado: string | null;
  email: string | null;
}

function toProductRow(row: ProductsPageRow): AdminProductRow {
  return {
    id: row.id,
    nome: row.nome,
    descricao: row.descricao,
    marca: row.marca,
    categoria: row.categoria,
    preco: Number(row.preco),
    precoCompra: Number(row.preco_compra),
    estoque: Number(row.estoque),
    estoqueMinimo: Number(row.estoque_minimo),
    codigoBarras: row.codigo_barras,
    unidade: row.unidade,
    imagemUrl: row.imagem_url,
    createdAt: row.created_at,
    owner: row.dono_encontrado
      ? { id: row.user_id, nome: row.dono_nome, nomeMercado: row.dono_mercado, email: row.dono_email }
      : null,
  };
}

export function createProductsHandlers(server: AdminServer) {
  return {
    /** One page of 10 live products, newest first, with the total; search, owner and category on the server. */
    async productsPage(query: ProductsQuery = {}): Promise<AdminProductsPage> {
      const values = parseInput(productsQuerySchema, query);
      const client = server.online();
      const ask = async (page: number) => {
        const answer = await client.rpc('admin_products_page', {
          p_search: values.search === '' ? null : values.search,
          p_user_id: values.userId,
          p_categoria: values.categoria,
          p_limit: ADMIN_PAGE_SIZE,
          p_offset: (page - 1) * ADMIN_PAGE_SIZE,
        });
        return rowsOrThrow(answer as { data: ProductsPageRow[] | null; error: typeof answer.error; status: number });
      };
      let page = values.page;
      let rows = await reaching(() => ask(page));
      // Past the last page (a deletion shrank the list): the last page that has rows.
      if (rows.length === 0 && page > 1) {
        const first = await reaching(() => ask(1));
        page = Math.max(1, Math.ceil(Number(first[0]?.total ?? 0) / ADMIN_PAGE_SIZE));
        rows = page === 1 ? first : await reaching(() => ask(page));
      }
      const total = Number(rows[0]?.total ?? 0);
      return { rows: rows.map(toProductRow), total, page, pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)) };
    },

    /** Every category of a live product, for the category filter. */
    async productCategories(): Promise<AdminProductCategory[]> {
      const client = server.online();
      const answer = await reaching(() => client.rpc('admin_product_categories'));
      const rows = rowsOrThrow(
        answer as { data: { categoria: string; produtos: number | string }[] | null; error: typeof answer.error; status: number },
      );
      return rows.map((row) => ({ categoria: row.categoria, produtos: Number(row.produtos) }));
    },

    /** The user filter's choices: a few owners of products whose name, market or email has the text. */
    async productOwners(query: OwnersQuery = {}): Promise<AdminProductOwner[]> {
      const { search } = parseInput(ownersQuerySchema, query);
      const client = server.online();
      const answer = await reaching(() =>
        client.rpc('admin_product_owners', { p_search: search === '' ? null : search, p_limit: OWNER_CHOICES }),
      );
      const rows = rowsOrThrow(answer as { data: OwnerRow[] | null; error: typeof answer.error; status: number });
      return rows.map((row) => ({ id: row.id, nome: row.nome, nomeMercado: row.nome_mercado, email: row.email }));
    },

    /** Deletes the product on the server and on the owner's devices, then its photo (if no other product shows it). */
    async deleteProduct(input: { productId: string }): Promise<void> {
      const { productId } = parseInput(productIdSchema, input);
      const client = server.online();
      const answer = await reaching(() => client.rpc('admin_delete_product', { p_product_id: productId }));
      if (answer.error) throw serverError(answer.error, answer.status);
      const deleted = answer.data as { imagem_url?: string | null } | null;
      const path = objectPathOf(deleted?.imagem_url);
      if (path === null) return;
      const removed = await reaching(() => client.storage.from(PRODUCT_IMAGES).remove([path]));
      if (removed.error) throw new DataError('internal', { diagnostic: removed.error.message });
    },
  };
}
