// The window a device keeps (docs/growth.md §3, §6): the last WINDOW_DAYS days of the owner's calendar, for facts
// and daily rollups; a period reaching further back is read from the server.
import { addDays, localTimeOf } from '../dashboard/buckets.ts';
import { REPORT_TIME_ZONE } from '../reports/periods.ts';

/** Days of facts a device keeps. */
export const WINDOW_DAYS = 90;

/** The first day of the window (yyyy-MM-dd, the owner's day) at `now`, a server-corrected instant in ms. */
export function windowStart(now: number): string {
  return addDays(localTimeOf(now, REPORT_TIME_ZONE).date, -WINDOW_DAYS);
}
