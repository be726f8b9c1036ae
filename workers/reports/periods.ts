// The report's calendar in the owner's time zone (America/Sao_Paulo): the dates a period covers, how its chart is
// cut (hours of today, days, Monday weeks or months, by the range's length) and the bucket of a sale.
// A sale's day is its stored calendar date `data` (written on the device at the sale, moved by the edit screen);
// its hour is the local hour of `created_at` in the owner's zone. Pure: the clock and the zone are given.
import { addDays, localTimeOf, periodRange, weekdayOf } from '../dashboard/buckets.ts';
import type { ReportParams, ReportPeriod } from './schema.ts';

/** The owner's time zone: the shops are in Brazil; the reports use São Paulo's calendar. */
export const REPORT_TIME_ZONE = 'America/Sao_Paulo';

export type Granularity = 'hora' | 'dia' | 'semana' | 'mes';

export interface ReportRange {
  readonly period: ReportPeriod;
  /** First and last local dates (inclusive, yyyy-MM-dd). */
  readonly from: string;
  readonly to: string;
  readonly granularity: Granularity;
  /** Every bucket of the chart, in order: '00'…'23' (hora), a date (dia), a Monday (semana), 'yyyy-MM' (mes). */
  readonly keys: readonly string[];
  /** Today in the owner's zone. */
  readonly today: string;
}

/** Days between two dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A custom range is drawn by day up to 92 days, by week up to 371, by month beyond. */
export function granularityOf(from: string, to: string): Exclude<Granularity, 'hora'> {
  const days = daysBetween(from, to) + 1;
  if (days <= 92) return 'dia';
  if (days <= 371) return 'semana';
  return 'mes';
}

/** The bucket of a local date at a granularity (hora is decided by the hour, not here). */
export function dayBucket(date: string, granularity: Exclude<Granularity, 'hora'>): string {
  if (granularity === 'dia') return date;
  if (granularity === 'semana') return addDays(date, -weekdayOf(date));
  return date.slice(0, 7);
}

function keysOf(from: string, to: string, granularity: Exclude<Granularity, 'hora'>): string[] {
  const keys: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const key = dayBucket(date, granularity);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

export function reportRange(params: ReportParams, now: number, timeZone: string = REPORT_TIME_ZONE): ReportRange {
  const today = localTimeOf(now, timeZone).date;
  if (params.period === 'custom') {
    const granularity = granularityOf(params.from, params.to);
    return {
      period: 'custom',
      from: params.from,
      to: params.to,
      granularity,
      keys: keysOf(params.from, params.to, granularity),
      today,
    };
  }
  const range = periodRange(params.period, now, timeZone);
  const granularity: Granularity = params.period === 'dia' ? 'hora' : 'dia';
  return {
    period: params.period,
    from: range.from,
    to: range.to,
    granularity,
    keys: range.buckets.map((bucket) => bucket.key),
    today,
  };
}

/** The chart bucket of a sale, or null when its day is outside the range. */
export function saleBucket(
  range: ReportRange,
  sale: { data: string; created_at: string },
  timeZone: string = REPORT_TIME_ZONE,
): string | null {
  if (sale.data < range.from || sale.data > range.to) return null;
  if (range.granularity === 'hora') return localTimeOf(sale.created_at, timeZone).hour;
  return dayBucket(sale.data, range.granularity);
}
