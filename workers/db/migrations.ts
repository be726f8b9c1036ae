// How a device holding an older version of a collection's documents migrates them in place.
// Each collection's schema `version` n needs strategies 1..n here; version 0 needs none.
// Version 1 only added validation rules (the server's checks); the documents keep their shape.
// Version 2 of the stock facts and of the ledger added an index on the fact's time (`hlc`, `created_at`), so
// opening the app reads the day's facts by range (docs/growth.md §4); the documents keep their shape.
// Version 3 of the ledger added `estorno_de` (the entry a reversal corrects); older entries reverse nothing.
// Version 2 of the sales added `valor_recebido` (the cash received at the counter); older sales have none.
// Version 3 of the sales added discounts (`desconto` of the sale and of a line); older sales have none.
// Version 4 of the sales added `pagamentos` (the parts of a split payment); older sales were paid by one method.
import type { MigrationStrategies } from 'rxdb';
import type { CollectionName } from '../../schemas/index.ts';

/** A version that tightened rules or added an index without changing the document's shape. */
const sameShape = <Doc>(doc: Doc): Doc => doc;

export const migrationStrategies: Record<CollectionName, MigrationStrategies> = {
  produtos: { 1: sameShape },
  clientes: { 1: sameShape },
  fiado_lancamentos: { 1: sameShape, 2: sameShape, 3: sameShape },
  vendas: { 1: sameShape, 2: sameShape, 3: sameShape, 4: sameShape },
  historico_estoque: { 1: sameShape, 2: sameShape },
  despesas: { 1: sameShape },
  despesa_categorias: { 1: sameShape },
  fornecedores: { 1: sameShape },
  notificacoes: { 1: sameShape },
  fechamentos_caixa: {},
  bases_contadores: {},
  resumos_dia: {},
};
