// The clients domain: clients and their fiado ledger (debits and payments); the balance is derived from it, so a
// fiado client's opening balance is the ledger's first debit, and a wrong entry is never edited: it is reversed by
// an opposite entry naming it (estorno_de), with the reason as its description.
// A payment that settles the balance exactly removes the client's 'fiado_vencido' notices (docs/product.md §4).
import type { Observable } from 'rxjs';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import { cents, insertOwned, patchOwned, softRemove, todayOf } from '../db/records.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { clientQueries } from './queries.ts';
import { toCents } from './statement.ts';
import {
  clientChangesSchema,
  ledgerEntrySchema,
  ledgerReversalSchema,
  newClientSchema,
  saleCustomerSchema,
  type ClientChanges,
  type LedgerEntry,
  type LedgerReversal,
  type NewClient,
  type SaleCustomer,
} from './schema.ts';

export type { ClientChanges, LedgerEntry, LedgerReversal, NewClient, SaleCustomer } from './schema.ts';
export type { ClientSummary, ClientsPage, ClientsPageParams, OlderStatementParams, OlderStatementView } from './queries.ts';
export type { StatementEntry, StatementKind } from './statement.ts';

/** Deletes the overdue-fiado notices that point at a client whose balance is now zero. */
async function clearOverdueNotices(workspace: Workspace, clienteId: string): Promise<void> {
  const notices = await workspace.database.notificacoes
    .find({ selector: { referencia_id: clienteId, tipo: 'fiado_vencido' } })
    .exec();
  for (const notice of notices) await softRemove(workspace, 'notificacoes', notice.primary);
}

export function createClientsDomain(holder: WorkspaceHolder) {
  async function ledger(tipo: 'debito' | 'pagamento', input: LedgerEntry, reverses: string | null = null): Promise<string> {
    const entry = parseInput(ledgerEntrySchema, input);
    const workspace = await holder.current();
    const valor = cents(entry.valor);
    const before = toCents(workspace.counters.balanceOf(entry.cliente_id));
    if (tipo === 'pagamento' && toCents(valor) > before) {
      throw DataError.invalid([{ field: 'valor', code: 'exceeds_balance' }]);
    }
    const id = await insertOwned(workspace, 'fiado_lancamentos', {
      ...entry,
      tipo,
      valor,
      data: todayOf(workspace),
      ...(reverses === null ? {} : { estorno_de: reverses }),
    });
    if (tipo === 'pagamento' && before - toCents(valor) === 0) await clearOverdueNotices(workspace, entry.cliente_id);
    return id;
  }
  /** An opposite entry of the same amount naming the original; a reversal and an entry already reversed are final. */
  async function reverse(input: LedgerReversal): Promise<string> {
    const { lancamento_id, motivo } = parseInput(ledgerReversalSchema, input);
    const { fiado_lancamentos } = (await holder.current()).database;
    const original = await fiado_lancamentos.findOne(lancamento_id).exec();
    if (!original) throw new DataError('not_found');
    if (original.estorno_de) throw DataError.invalid([{ field: 'lancamento_id', code: 'invalid_option' }]);
    // find, not count: a count must be covered by an index on the browser's storage, and the client's entries are few.
    const entries = await fiado_lancamentos.find({ selector: { cliente_id: original.cliente_id } }).exec();
    if (entries.some((entry) => entry.estorno_de === lancamento_id)) {
      throw DataError.invalid([{ field: 'lancamento_id', code: 'duplicate' }]);
    }
    const opposite = original.tipo === 'debito' ? 'pagamento' : 'debito';
    return ledger(opposite, { cliente_id: original.cliente_id, valor: original.valor, descricao: motivo }, lancamento_id);
  }
  return {
    handlers: {
      /** A new client; a fiado client's opening balance is written as a debit ('Adicionar Débito'), never stored. */
      async create(input: NewClient): Promise<string> {
        const { saldo_inicial, saldo_inicial_descricao, ...client } = parseInput(newClientSchema, input);
        const id = await insertOwned(await holder.current(), 'clientes', client);
        if (client.is_fiado && toCents(saldo_inicial) > 0) {
          await ledger('debito', { cliente_id: id, valor: saldo_inicial, descricao: saldo_inicial_descricao });
        }
        return id;
      },
      /** 'Novo Cliente' from a fiado sale: the name, and the phone only if one was typed. */
      async createForSale(input: SaleCustomer): Promise<string> {
        const customer = parseInput(saleCustomerSchema, input);
        return insertOwned(await holder.current(), 'clientes', { is_fiado: false, ...customer });
      },
      async update(id: string, changes: ClientChanges): Promise<void> {
        const parsed = parseInput(clientChangesSchema, changes);
        await patchOwned(await holder.current(), 'clientes', id, parsed);
      },
      async remove(id: string): Promise<void> {
        await softRemove(await holder.current(), 'clientes', id);
      },
      /** 'Adicionar Débito': the client owes `valor` more. */
      addDebit: (input: LedgerEntry) => ledger('debito', input),
      /** 'Registrar Pagamento': refused above the current balance. */
      registerPayment: (input: LedgerEntry) => ledger('pagamento', input),
      /** 'Estornar': corrects a debit or payment by its opposite, refused if that would leave the balance below zero. */
      reverseEntry: reverse,
      async balanceOf(clienteId: string): Promise<number> {
        return (await holder.current()).counters.balanceOf(clienteId);
      },
    },
    live: {
      ...clientQueries(holder),
      clientBalance: (params: { clientId: string }): Observable<number> =>
        liveInWorkspace(holder, { value: 0 }, (workspace) => workspace.counters.balance$(params.clientId)),
    },
  };
}
