// The payments page's filters (docs/product.md §2 Pagamentos): status, plan and period, one labelled select each; inline on
// a desktop, in a dialog with 'Aplicar' on a phone.
import { clsx } from 'clsx';
import { PAYMENT_PERIODS, PAYMENT_PLANS, PAYMENT_STATUSES } from '../../../../workers/admin/payments-schema.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import type { PaymentFilterValues } from '../payments-rules.ts';
import { FilterSelect } from './FilterSelect.tsx';

const copy = t.adminPayments;
/** Each select starts with 'Todos' (no filter). */
function withAll(options: readonly (readonly [string, string])[]) {
  return [['', copy.all] as const, ...options];
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
      <FilterSelect
        label={copy.status}
        value={value.status}
        onChange={(status) => {
          onChange({ ...value, status });
        }}
        options={withAll(PAYMENT_STATUSES.map((status) => [status, copy.statuses[status] ?? status] as const))}
      />
      <FilterSelect
        label={copy.plan}
        value={value.plan}
        onChange={(plan) => {
          onChange({ ...value, plan });
        }}
        options={withAll(PAYMENT_PLANS.map((plan) => [plan, copy.plans[plan] ?? plan] as const))}
      />
      <FilterSelect
        label={copy.period}
        value={value.period}
        onChange={(period) => {
          onChange({ ...value, period });
        }}
        options={withAll(PAYMENT_PERIODS.map((period) => [period, copy.periods[period]] as const))}
      />
    </div>
  );
}
