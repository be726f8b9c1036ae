// Helpers of the database tests: acting as a user inside one transaction (role + JWT claims, as the REST
// gateway does), creating auth users whose profile the sign-up trigger makes, and sample rows per table.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../supabase/local/db/database.ts';
import { collectionSchemas, ownerCollectionNames, type CollectionName, type OwnerCollectionName } from '../../schemas/index.ts';
import { TEST_DEVICE_INFO, testDeviceSession } from '../support/test-device.ts';

export interface Actor {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  admin?: boolean;
  sessionId?: string;
}

/** Runs `work` in a transaction as `actor`: the role switched and `request.jwt.claims` set, so RLS applies. */
export async function asActor<T>(db: Database, actor: Actor, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const claims = {
      role: actor.role,
      ...(actor.sub ? { sub: actor.sub } : {}),
      ...(actor.sessionId ? { session_id: actor.sessionId } : {}),
      app_metadata: actor.admin ? { role: 'admin' } : { provider: 'email' },
    };
    await tx.query(`SELECT set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await tx.exec(`SET LOCAL ROLE ${actor.role}`);
    return work(tx);
  });
}

/** The owner `sub` acting from `sessionId`, by default from the test device `createUser` signed in. */
export const owner = (sub: string, sessionId: string = testDeviceSession(sub)): Actor => ({
  role: 'authenticated',
  sub,
  sessionId,
});

/**
 * Creates an auth user (the sign-up trigger makes the profile), signed in on its test device: the session
 * registered as register_user_session registers it (the free plan writes only from a registered session).
 * Returns the user's id.
 */
export async function createUser(
  db: Queryable,
  metadata: Record<string, unknown> = { nome: 'Dona Teste', nome_mercado: 'Mercadinho Teste', telefone: '11988887777' },
): Promise<string> {
  const id = randomUUID();
  await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, now())`, [
    id,
    `${id.slice(0, 8)}@teste.dev`,
    JSON.stringify(metadata),
  ]);
  await db.query(`INSERT INTO public.user_sessions (user_id, session_token, device_info) VALUES ($1, $2, $3)`, [
    id,
    testDeviceSession(id),
    TEST_DEVICE_INFO,
  ]);
  return id;
}

/** Postgres error code of a rejected promise (or undefined when it resolved). */
export async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

export const hlcAt = (physical: number, counter = 0, node = 'a'): string =>
  `${physical.toString(36).padStart(11, '0')}:${counter.toString(36).padStart(5, '0')}:${node}`;

/** The tables devices write, from the one list of replicated collections (schemas/index.ts). */
export const REPLICATED_TABLES: readonly OwnerCollectionName[] = ownerCollectionNames;

/** The version of a table's rows this app reads, as its pull says it (`p_versao`); an unknown table reads none. */
export function appVersionOf(table: string): number {
  return table in collectionSchemas ? collectionSchemas[table as CollectionName].version : 0;
}
export type ReplicatedTable = OwnerCollectionName;

/** A valid new row of each replicated table (without id and user_id), and a harmless field to edit. */
export function sampleRow(table: ReplicatedTable): { row: Record<string, unknown>; edit: Record<string, unknown> } {
  const produtoId = randomUUID();
  switch (table) {
    case 'produtos':
      return { row: { nome: 'Arroz 5kg', preco: 27.9, preco_compra: 20, unidade: 'un' }, edit: { nome: 'Arroz 1kg' } };
    case 'clientes':
      return { row: { nome: 'Maria', telefone: '11999990000', is_fiado: true }, edit: { observacoes: 'paga às sextas' } };
    case 'fiado_lancamentos':
      return { row: { cliente_id: randomUUID(), tipo: 'debito', valor: 12.5, data: '2025-03-01' }, edit: { descricao: 'pão' } };
    case 'vendas':
      return {
        row: {
          data: '2025-03-01',
          total: 10,
          tipo: 'avista',
          forma_pagamento: 'pix',
          hlc: hlcAt(1_700_000_000_000),
          itens: [
            {
              produto_id: produtoId,
              quantidade: 2,
              preco_unitario: 5,
              preco_total: 10,
              nome_produto: 'Pão',
              unidade_produto: 'un',
            },
          ],
        },
        edit: { forma_pagamento: 'dinheiro' },
      };
    case 'historico_estoque':
      return {
        row: { produto_id: produtoId, tipo: 'entrada', quantidade: 3, hlc: hlcAt(1_700_000_000_000) },
        edit: { observacao: 'nota 12' },
      };
    case 'despesas':
      return { row: { descricao: 'Conta de luz', valor: 150, data: '2025-03-01' }, edit: { descricao: 'Conta de água' } };
    case 'despesa_categorias':
      return { row: { nome: 'Energia', cor: '#ffaa00' }, edit: { nome: 'Luz' } };
    case 'fornecedores':
      return { row: { nome: 'Distribuidora Sol', email: 'vendas@sol.com.br' }, edit: { telefone: '1133334444' } };
    case 'notificacoes':
      return { row: { tipo: 'aviso', mensagem: 'Bem-vindo!' }, edit: { lido: true } };
    case 'fechamentos_caixa':
      return {
        row: {
          dispositivo: 'k3x9q2m7aa',
          aberto_em: '2025-03-01T11:00:00Z',
          abertura_hlc: hlcAt(1_700_000_000_000),
          troco_inicial: 50,
          movimentos: [],
        },
        edit: { observacoes: 'conferido' },
      };
  }
}
