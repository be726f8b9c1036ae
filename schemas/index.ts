// Every collection's JSON schema, keyed by name: the single source the worker's database is built from.
import basesContadores from './bases_contadores.json';
import clientes from './clientes.json';
import despesaCategorias from './despesa_categorias.json';
import despesas from './despesas.json';
import fechamentosCaixa from './fechamentos_caixa.json';
import fiadoLancamentos from './fiado_lancamentos.json';
import fornecedores from './fornecedores.json';
import historicoEstoque from './historico_estoque.json';
import notificacoes from './notificacoes.json';
import produtos from './produtos.json';
import resumosDia from './resumos_dia.json';
import vendas from './vendas.json';
import type { CollectionName } from './types.gen.ts';

export type { CollectionDocs, CollectionName } from './types.gen.ts';
export type * from './types.gen.ts';

/** A collection's schema as written in its JSON file (a subset of JSON Schema that RxDB reads). */
export interface CollectionSchema {
  title: string;
  description: string;
  version: number;
  primaryKey: string;
  type: 'object';
  properties: Record<string, unknown>;
  required: string[];
  indexes?: (string | string[])[];
  additionalProperties: boolean;
}

export const collectionSchemas = {
  produtos,
  clientes,
  fiado_lancamentos: fiadoLancamentos,
  vendas,
  historico_estoque: historicoEstoque,
  despesas,
  despesa_categorias: despesaCategorias,
  fornecedores,
  notificacoes,
  fechamentos_caixa: fechamentosCaixa,
  bases_contadores: basesContadores,
  resumos_dia: resumosDia,
} as unknown as Record<CollectionName, CollectionSchema>;

export const collectionNames = Object.keys(collectionSchemas) as CollectionName[];

/**
 * Collections the server alone writes, derived from the owner's data (the counters' bases, the daily rollups): the
 * device pulls them and never pushes, counts nothing of them as pending, and leaves them out of the owner's backup.
 */
export type ServerDerivedCollection = 'bases_contadores' | 'resumos_dia';
export const serverDerivedCollections: ReadonlySet<CollectionName> = new Set<ServerDerivedCollection>([
  'bases_contadores',
  'resumos_dia',
]);

/** The facts the server sums into the daily rollups (sales, expenses). */
export const rolledUpCollections: ReadonlySet<CollectionName> = new Set<CollectionName>(['vendas', 'despesas']);

/** The facts the server folds into the counters' bases (sales, stock facts, ledger entries). */
export const foldedCollections: ReadonlySet<CollectionName> = new Set<CollectionName>([
  'vendas',
  'historico_estoque',
  'fiado_lancamentos',
]);

/** The owner's own data: every collection but the server-derived ones. */
export type OwnerCollectionName = Exclude<CollectionName, ServerDerivedCollection>;
export const ownerCollectionNames = collectionNames.filter(
  (name): name is OwnerCollectionName => !serverDerivedCollections.has(name),
);
