// The /admin/payments inputs (docs/product.md §2, §4, §9): search, status, plan, period and page; the filters import it too.
import * as v from 'valibot';

export const PAYMENT_STATUSES = ['pago', 'pendente', 'cancelado', 'expirado'] as const;
export const PAYMENT_PLANS = ['premium', 'free'] as const;
/** Today, the last 7 days, the last 30 days (in America/Sao_Paulo, today included). */
export const PAYMENT_PERIODS = ['today', '7d', '30d'] as const;
/** Rows one CSV export asks for at most (the filtered list, a page at a time). */
export const PAYMENTS_EXPORT_MAX = 5000;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number];

export const paymentsFilterSchema = v.object({
  search: v.optional(v.pipe(v.string('invalid_type'), v.trim(), v.maxLength(200, 'too_long')), ''),
  status: v.optional(v.nullable(v.picklist(PAYMENT_STATUSES, 'invalid_option')), null),
  plan: v.optional(v.nullable(v.picklist(PAYMENT_PLANS, 'invalid_option')), null),
  period: v.optional(v.nullable(v.picklist(PAYMENT_PERIODS, 'invalid_option')), null),
});

export const paymentsQuerySchema = v.object({
  ...paymentsFilterSchema.entries,
  page: v.optional(v.pipe(v.number('invalid_type'), v.integer('invalid_type'), v.minValue(1, 'too_small')), 1),
});

export type PaymentsFilter = v.InferInput<typeof paymentsFilterSchema>;
export type PaymentsQuery = v.InferInput<typeof paymentsQuerySchema>;
