// The clients domain: clients and their fiado ledger (debits and payments); the balance is derived from it.
import type { Observable } from 'rxjs';
import { of, switchMap } from 'rxjs';
import { DataError } from '../contract/errors.ts';
import { cents, newId, stampOf, todayOf } from '../db/records.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';

export interface NewClient {
  nome: string;
  telefone?: string | null;
  observacoes?: string | null;
}

export function createClientsDomain(holder: WorkspaceHolder) {
  async function ledger(clienteId: string, tipo: 'debito' | 'pagamento', valor: number, descricao?: string): Promise<string> {
    const workspace = await holder.current();
    if (!(valor > 0)) throw new DataError('invalid_input', 'Por favor, informe um valor válido maior que zero.');
    const id = newId();
    const now = stampOf(workspace);
    await workspace.database.fiado_lancamentos.insert({
      id,
      user_id: workspace.userId,
      cliente_id: clienteId,
      tipo,
      valor: cents(valor),
      data: todayOf(workspace),
      descricao: descricao ?? null,
      created_at: now,
      updated_at: now,
    });
    return id;
  }
  return {
    handlers: {
      async create(input: NewClient): Promise<string> {
        const workspace = await holder.current();
        const id = newId();
        const now = stampOf(workspace);
        await workspace.database.clientes.insert({
          id,
          user_id: workspace.userId,
          is_fiado: false,
          ...input,
          created_at: now,
          updated_at: now,
        });
        return id;
      },
      async update(id: string, changes: Partial<NewClient & { is_fiado: boolean }>): Promise<void> {
        const workspace = await holder.current();
        const doc = await workspace.database.clientes.findOne(id).exec();
        if (!doc) throw new DataError('not_found', 'Não foi possível carregar os dados do cliente.');
        await doc.incrementalPatch({ ...changes, updated_at: stampOf(workspace) });
      },
      async remove(id: string): Promise<void> {
        const workspace = await holder.current();
        const doc = await workspace.database.clientes.findOne(id).exec();
        if (!doc) return;
        await doc.incrementalModify((data) => ({ ...data, updated_at: stampOf(workspace) }));
        await doc.getLatest().remove();
      },
      addDebit: (clienteId: string, valor: number, descricao?: string) => ledger(clienteId, 'debito', valor, descricao),
      async registerPayment(clienteId: string, valor: number, descricao?: string): Promise<string> {
        const workspace = await holder.current();
        if (cents(valor) > workspace.counters.balanceOf(clienteId)) {
          throw new DataError('invalid_input', 'O valor do pagamento não pode ser maior que o débito atual.');
        }
        return ledger(clienteId, 'pagamento', valor, descricao);
      },
      async balanceOf(clienteId: string): Promise<number> {
        return (await holder.current()).counters.balanceOf(clienteId);
      },
    },
    live: {
      clientBalance: (params: { clientId: string }): Observable<number> =>
        holder.workspace$.pipe(switchMap((workspace) => (workspace ? workspace.counters.balance$(params.clientId) : of(0)))),
    },
  };
}
