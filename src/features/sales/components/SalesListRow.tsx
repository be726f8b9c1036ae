// One sale in the list: date and time, type badge, client, payment (a split sale's parts, wrapping) and total; the whole row opens the details.
import { ChevronRight } from 'lucide-react';
import { clsx } from 'clsx';
import type { SaleRow } from '../../../../workers/api.ts';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { formatBRL, formatDate, formatTime } from '../../../lib/format.ts';
import { splitPartsOf } from '../payment-parts.ts';
import { salePaymentLabel, typeLabel } from '../receipt.ts';

const copy = salesHistoryText;

export function TypeBadge({ tipo }: { tipo: 'avista' | 'fiado' }) {
  return (
    <span
      className={clsx(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        tipo === 'fiado' ? 'bg-accent-400/30 text-ink' : 'bg-brand-100 text-brand-900',
      )}
    >
      {typeLabel(tipo)}
    </span>
  );
}

export function SalesListRow({ sale, onOpen }: { sale: SaleRow; onOpen: () => void }) {
  const date = formatDate(sale.data);
  const time = formatTime(sale.createdAt);
  const total = formatBRL(sale.total);
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-label={copy.openSale(date, time, total)}
        className="flex min-h-16 w-full items-center gap-3 px-4 py-3 text-left hover:bg-brand-50 focus-visible:bg-brand-50"
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-ink tabular-nums">
              {date} <span className="font-normal text-ink/70">{time}</span>
            </span>
            <TypeBadge tipo={sale.tipo} />
          </span>
          <span className="block truncate text-sm text-ink/80">
            {sale.clienteNome ?? (sale.clienteId ? copy.clientMissing : copy.noClient)}
          </span>
          <span className={clsx('block text-sm text-ink/60', splitPartsOf(sale) ? 'break-words' : 'truncate')}>
            {salePaymentLabel(sale)} · {copy.itemCount(sale.itens)}
          </span>
        </span>
        <span className="shrink-0 font-semibold text-brand-900 tabular-nums">{total}</span>
        <ChevronRight aria-hidden size={20} className="shrink-0 text-ink/40" />
      </button>
    </li>
  );
}
