// What a statement row is called: its kind ('Débito', 'Pagamento', 'Compra fiado') or 'Estorno' for a reversal, and
// whether the owner may still reverse it (a debit or payment not yet reversed and not itself a reversal).
import type { StatementEntry } from '../../../workers/api.ts';
import { t } from '../../i18n/pt-BR.ts';

const copy = t.clients;

export function statementLabel(entry: Pick<StatementEntry, 'kind' | 'estornoDe'>): string {
  return entry.estornoDe ? copy.reversalKind : copy.kinds[entry.kind];
}

export function canReverse(entry: Pick<StatementEntry, 'kind' | 'estornoDe' | 'estornado'>): boolean {
  return entry.kind !== 'venda' && !entry.estornoDe && !entry.estornado;
}
