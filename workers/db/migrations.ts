// How a device holding an older version of a collection's documents migrates them in place.
// Each collection's schema `version` n needs strategies 1..n here; version 0 needs none.
import type { MigrationStrategies } from 'rxdb';
import type { CollectionName } from '../../schemas/index.ts';

export const migrationStrategies: Record<CollectionName, MigrationStrategies> = {
  produtos: {},
  clientes: {},
  fiado_lancamentos: {},
  vendas: {},
  historico_estoque: {},
  despesas: {},
  despesa_categorias: {},
  fornecedores: {},
  notificacoes: {},
};
