// Demo time: days counted back from today in Brazil's time (UTC−3), instants as ISO strings, and the HLC
// stamps the devices use (11 base-36 digits of milliseconds, a 5-digit counter, the node).
const BRT_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoClock {
  /** `yyyy-MM-dd` of the day `offset` days from today (0 = today, −1 = yesterday). */
  date(offset: number): string;
  /** The instant at `hour:minute` Brazil time on that day. */
  at(offset: number, hour: number, minute: number): Date;
  now: Date;
}

export function demoClock(now: Date): DemoClock {
  const localMidnight = Math.floor((now.getTime() - BRT_OFFSET_MS) / DAY_MS) * DAY_MS;
  return {
    now,
    date: (offset) => new Date(localMidnight + offset * DAY_MS).toISOString().slice(0, 10),
    at: (offset, hour, minute) => new Date(localMidnight + offset * DAY_MS + (hour * 60 + minute) * 60_000 + BRT_OFFSET_MS),
  };
}

/** HLC stamps for instants of the demo history; equal instants get increasing counters. */
export function hlcStamper(node = 'semente'): (instant: Date) => string {
  let counter = 0;
  return (instant) => {
    counter = (counter + 1) % 36 ** 5;
    return `${instant.getTime().toString(36).padStart(11, '0')}:${counter.toString(36).padStart(5, '0')}:${node}`;
  };
}
