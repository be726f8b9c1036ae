// One entry of a client's statement: a fiado purchase, debit or payment with its day, description, amount and the
// balance after it; 'Estornado' when a later entry reverses it, and 'Estornar' when it may be reversed here.
import { ArrowDownLeft, ArrowUpRight, ShoppingBasket } from 'lucide-react';
import { clsx } from 'clsx';
import type { StatementEntry } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL, formatDate } from '../../../lib/format.ts';
import { canReverse, statementLabel } from '../statement-label.ts';
import { ReverseEntryDialog } from './ReverseEntryDialog.tsx';

const copy = t.clients;
const ICONS = { venda: ShoppingBasket, debito: ArrowUpRight, pagamento: ArrowDownLeft } as const;

/** `reversible`: the entry is on this device, so 'Estornar' may be offered (never for one read online). */
export function StatementEntryRow({ entry, reversible }: { entry: StatementEntry; reversible: boolean }) {
  const Icon = ICONS[entry.kind];
  const payment = entry.kind === 'pagamento';
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="statement-entry">
      <span
        className={clsx(
          'flex h-10 w-10 shrink-0 items-center justify-center rounded-xl',
          payment ? 'bg-brand-50 text-brand-700' : 'bg-red-50 text-red-700',
        )}
      >
        <Icon aria-hidden size={20} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 font-medium text-ink">
          {statementLabel(entry)}
          {entry.estornado ? (
            <span className="rounded-full bg-ink/10 px-2 text-xs font-semibold uppercase tracking-wide text-ink/80">
              {copy.reversedMark}
            </span>
          ) : null}
        </span>
        <span className="block break-words text-sm text-ink/70">
          {formatDate(entry.data)}
          {entry.descricao ? ` · ${entry.descricao}` : ''}
        </span>
        {reversible && canReverse(entry) ? <ReverseEntryDialog entry={entry} /> : null}
      </span>
      <span className="flex shrink-0 flex-col items-end">
        <span
          className={clsx(
            'font-semibold tabular-nums',
            payment ? 'text-brand-700' : 'text-red-700',
            entry.estornado && 'line-through opacity-70',
          )}
        >
          {payment ? '−' : '+'}
          {formatBRL(entry.valor)}
        </span>
        <span className="text-sm tabular-nums text-ink/70">
          {copy.balanceAfter} {formatBRL(entry.saldo)}
        </span>
      </span>
    </li>
  );
}
