// The dashboard's calendar: which local day and hour a sale fell on in the owner's time zone, and the points of
// each period (today by hour, Monday-to-Sunday week, every day of the month). Pure: time zone and clock are given.

export type Period = 'dia' | 'semana' | 'mes';

/** One point of the chart: a local hour ('00'…'23') for 'dia', a local date (yyyy-MM-dd) otherwise. */
export interface Bucket {
  key: string;
  /** The point is the current hour (dia) or today (semana, mês). */
  current: boolean;
}

export interface PeriodRange {
  period: Period;
  /** First and last local dates the period covers (inclusive, yyyy-MM-dd). */
  from: string;
  to: string;
  buckets: Bucket[];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date (yyyy-MM-dd) and hour ('00'…'23') of an instant in a time zone. */
export function localTimeOf(instant: number | string, timeZone: string): { date: string; hour: string } {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '00';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: part('hour') };
}

/** Calendar arithmetic on yyyy-MM-dd dates (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayOf(date: string): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

function daysInMonth(date: string): number {
  const [year = 0, month = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The points of a period around `now` in `timeZone`: 24 hours of today, Monday to Sunday, or the month's days. */
export function periodRange(period: Period, now: number, timeZone: string): PeriodRange {
  const { date: today, hour } = localTimeOf(now, timeZone);
  if (period === 'dia') {
    const buckets = Array.from({ length: 24 }, (_, index) => {
      const key = String(index).padStart(2, '0');
      return { key, current: key === hour };
    });
    return { period, from: today, to: today, buckets };
  }
  const from = period === 'semana' ? addDays(today, -weekdayOf(today)) : `${today.slice(0, 8)}01`;
  const length = period === 'semana' ? 7 : daysInMonth(today);
  const buckets = Array.from({ length }, (_, index) => {
    const key = addDays(from, index);
    return { key, current: key === today };
  });
  return { period, from, to: addDays(from, length - 1), buckets };
}

/** The bucket key of a sale made at `instant` within `range`, or null when it falls outside the period. */
export function bucketOf(range: PeriodRange, instant: number | string, timeZone: string): string | null {
  const { date, hour } = localTimeOf(instant, timeZone);
  if (date < range.from || date > range.to) return null;
  return range.period === 'dia' ? hour : date;
}

/** The device's own time zone (the owner's, as the calendar dates of sales are written on the device). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
