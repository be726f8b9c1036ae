// The reports page's parameters: a period (today by hour, this week, this month) or a custom range of calendar
// dates (at most three years); the route validates its address with it and the worker checks it again.
import * as v from 'valibot';

export const REPORT_PERIODS = ['dia', 'semana', 'mes', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The longest custom range, in days (inclusive). */
export const MAX_RANGE_DAYS = 1096;

/** A real calendar date (yyyy-MM-dd): 2026-02-30 is refused. */
const isoDate = v.pipe(
  v.string('required'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_format'),
  v.check(
    (text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    'invalid_format',
  ),
);

export const reportParamsSchema = v.variant('period', [
  v.object({ period: v.picklist(['dia', 'semana', 'mes'], 'invalid_option') }),
  v.pipe(
    v.object({ period: v.literal('custom'), from: isoDate, to: isoDate }),
    v.forward(
      v.check((range) => range.from <= range.to, 'invalid_option'),
      ['to'],
    ),
    v.forward(
      v.check(
        (range) => (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 < MAX_RANGE_DAYS,
        'too_large',
      ),
      ['to'],
    ),
  ),
]);

export type ReportParams = v.InferOutput<typeof reportParamsSchema>;
