// The payments page's filters (spec 2 §2 Pagamentos): status, plan and period, one labelled select each; inline on
// a desktop, in a dialog with 'Aplicar' on a phone.
import { useId } from 'react';
import { clsx } from 'clsx';
import { PAYMENT_PERIODS, PAYMENT_PLANS, PAYMENT_STATUSES } from '../../../../workers/admin/payments-schema.ts';
import { t } from '../../../i18n/pt-BR.ts';
import type { PaymentFilterValues } from '../payments-rules.ts';

const copy = t.adminPayments;
const SELECT =
  'block min-h-11 w-full rounded-xl border border-ink/20 bg-white px-3 text-base text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400';

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        className={SELECT}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="">{copy.all}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function PaymentsFilters({
  value,
  onChange,
  className,
}: {
  value: PaymentFilterValues;
  onChange: (value: PaymentFilterValues) => void;
  className?: string;
}) {
  return (
    <div className={clsx('grid gap-3', className)}>
      <Select
        label={copy.status}
        value={value.status}
        onChange={(status) => {
          onChange({ ...value, status });
        }}
        options={PAYMENT_STATUSES.map((status) => [status, copy.statuses[status] ?? status] as const)}
      />
      <Select
        label={copy.plan}
        value={value.plan}
        onChange={(plan) => {
          onChange({ ...value, plan });
        }}
        options={PAYMENT_PLANS.map((plan) => [plan, copy.plans[plan] ?? plan] as const)}
      />
      <Select
        label={copy.period}
        value={value.period}
        onChange={(period) => {
          onChange({ ...value, period });
        }}
        options={PAYMENT_PERIODS.map((period) => [period, copy.periods[period]] as const)}
      />
    </div>
  );
}
