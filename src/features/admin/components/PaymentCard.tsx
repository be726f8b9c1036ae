// One payment on /admin/payments (docs/product.md §2): user, status and plan badges, date and time, transaction id, amount.
import { clsx } from 'clsx';
import { Crown } from 'lucide-react';
import type { AdminPaymentRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { formatBRL, formatDateTime } from '../../../lib/format.ts';
import { CardField } from './CardParts.tsx';

const copy = t.adminPayments;
const BADGE = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold';
const STATUS_TONE: Record<string, string> = {
  pago: 'bg-green-100 text-green-800',
  pendente: 'bg-amber-100 text-amber-900',
  cancelado: 'bg-red-100 text-red-800',
  expirado: 'bg-ink/10 text-ink/80',
};

export function PaymentCard({ payment }: { payment: AdminPaymentRow }) {
  const premium = payment.plan === 'premium';
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-brand-900">{payment.nome ?? copy.unknownUser}</h2>
          {payment.email ? <p className="break-all text-sm text-ink/70">{payment.email}</p> : null}
        </div>
        <p className="text-lg font-bold text-brand-900 tabular-nums">
          <span className="sr-only">{copy.amount}: </span>
          {formatBRL(payment.amount)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <span className={clsx(BADGE, STATUS_TONE[payment.status] ?? STATUS_TONE.expirado)}>
          {copy.statuses[payment.status] ?? payment.status}
        </span>
        <span className={clsx(BADGE, premium ? 'bg-amber-100 text-amber-900' : 'bg-brand-50 text-brand-700')}>
          {premium ? <Crown aria-hidden size={12} /> : null}
          {copy.plans[payment.plan] ?? payment.plan}
          {payment.period === 'yearly' ? ` (${copy.yearly})` : payment.period === 'monthly' ? ` (${copy.monthly})` : ''}
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <CardField term={copy.date} value={formatDateTime(payment.createdAt)} />
        <CardField term={copy.transaction} value={payment.transactionId ?? copy.noTransaction} />
      </dl>
    </li>
  );
}
