// The payments page's pure rules: the filter selects as the worker's filter, the active filter count, and the
// CSV export's table (cells as read: dd/MM/yyyy HH:mm, comma decimals, Portuguese status and plan).
import type { AdminPaymentRow } from '../../../workers/api.ts';
import { PAYMENT_PERIODS, PAYMENT_PLANS, PAYMENT_STATUSES, type PaymentsFilter } from '../../../workers/admin/payments-schema.ts';
import { t } from '../../i18n/admin-catalogue.ts';
import { decimalCell, type ExportTable } from '../../lib/export/index.ts';
import { formatDateTime } from '../../lib/format.ts';

const copy = t.adminPayments;

/** The selects as typed: '' is 'Todos'. */
export interface PaymentFilterValues {
  readonly status: string;
  readonly plan: string;
  readonly period: string;
}

export const NO_PAYMENT_FILTERS: PaymentFilterValues = { status: '', plan: '', period: '' };

const pick = <T extends string>(options: readonly T[], value: string): T | null =>
  options.find((option) => option === value) ?? null;

export function toPaymentsFilter(values: PaymentFilterValues, search: string): PaymentsFilter {
  return {
    search: search.trim(),
    status: pick(PAYMENT_STATUSES, values.status),
    plan: pick(PAYMENT_PLANS, values.plan),
    period: pick(PAYMENT_PERIODS, values.period),
  };
}

export function activePaymentFilters(values: PaymentFilterValues): number {
  return [values.status, values.plan, values.period].filter((value) => value !== '').length;
}

const periodName = (period: string | null) => (period === 'yearly' ? copy.yearly : period === 'monthly' ? copy.monthly : '');

export function paymentsTable(rows: readonly AdminPaymentRow[]): ExportTable {
  const c = copy.csv;
  return {
    columns: [c.user, c.email, c.status, c.plan, c.period, c.date, c.transaction, c.amount].map((header) => ({ header })),
    rows: rows.map((row) => [
      row.nome ?? copy.unknownUser,
      row.email ?? '',
      copy.statuses[row.status] ?? row.status,
      copy.plans[row.plan] ?? row.plan,
      periodName(row.period),
      formatDateTime(row.createdAt),
      row.transactionId ?? '',
      decimalCell(row.amount),
    ]),
  };
}
