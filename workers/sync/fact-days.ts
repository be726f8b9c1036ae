// The fact day of a fact the device keeps a window of, as the windowed pull reads it (9003_replication_window.sql):
// a sale's `data` or its stamp's day, a stock fact's stamp's day, a ledger entry's `data` or its creation day, an
// expense's `data`; days in the owner's calendar.
import type { CollectionName } from '../../schemas/index.ts';
import { localTimeOf } from '../dashboard/buckets.ts';
import { REPORT_TIME_ZONE } from '../reports/periods.ts';

type Row = Record<string, unknown>;

/** The collections a device keeps a window of. */
export const windowedCollections: ReadonlySet<CollectionName> = new Set<CollectionName>([
  'vendas',
  'historico_estoque',
  'fiado_lancamentos',
  'despesas',
  'resumos_dia',
]);

/** The windowed collections whose old copies the device drops at start-up (the rollups, pulled only, are kept:
 * a device keeps the rollup rows it already has; a new one never receives those before the window). */
export const compactedCollections: ReadonlySet<CollectionName> = new Set<CollectionName>(
  [...windowedCollections].filter((name) => name !== 'resumos_dia'),
);

/** The owner's day of an instant (ms or an ISO string); '' when there is none. */
function dayOf(instant: number | string | undefined): string {
  if (instant === undefined || instant === '' || Number.isNaN(new Date(instant).getTime())) return '';
  return localTimeOf(instant, REPORT_TIME_ZONE).date;
}

/** The owner's day of a stamp's physical part (its first 11 base-36 characters: milliseconds). */
function stampDay(hlc: unknown): string {
  return typeof hlc === 'string' && hlc.length >= 11 ? dayOf(Number.parseInt(hlc.slice(0, 11), 36)) : '';
}

const dateOf = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 10) : '');

/** The days that place a row of `table` in the window (kept when any is inside it); '' for a day it lacks. */
function factDays(table: CollectionName, row: Row): string[] | null {
  switch (table) {
    case 'vendas':
      return [dateOf(row.data), stampDay(row.hlc)];
    case 'historico_estoque':
      return [stampDay(row.hlc)];
    case 'fiado_lancamentos':
      return [dateOf(row.data), dayOf(typeof row.created_at === 'string' ? row.created_at : undefined)];
    case 'despesas':
      return [dateOf(row.data)];
    case 'resumos_dia':
      return [dateOf(row.dia)];
    default:
      return null;
  }
}

/** Whether the server's windowed pull starting on `start` surely keeps `row` of `table` (any row of another table). */
export function surelyInsideWindow(table: CollectionName, row: Row, start: string): boolean {
  const days = factDays(table, row);
  return days === null || days.some((day) => day !== '' && day >= start);
}

/** Whether every day that places `row` of `table` is known and before the window starting on `start`. */
export function surelyBeforeWindow(table: CollectionName, row: Row, start: string): boolean {
  const days = factDays(table, row);
  return days !== null && days.every((day) => day !== '' && day < start);
}
