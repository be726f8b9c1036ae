// Server timestamps (`_modified`, Postgres timestamptz as JSON) compared exactly, to the microsecond, and the
// offset between this device's clock and the server's, measured around a request.

/** Microseconds since the epoch of a Postgres timestamptz text (`2026-11-22T19:49:00.123456+00:00`). */
export function timestampMicros(value: string): number {
  const match = /^(.*?)(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)$/.exec(value.trim().replace(' ', 'T'));
  if (!match) return Date.parse(value) * 1000;
  const [, main = '', fraction = '', zone = 'Z'] = match;
  const offset =
    zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const seconds = Date.parse(`${main}${offset}`);
  return seconds * 1000 + Number((fraction + '000000').slice(0, 6));
}

/** Negative when `a` is earlier than `b`; null or missing counts as the earliest. */
export function compareTimestamps(a: string | null | undefined, b: string | null | undefined): number {
  if (!a) return b ? -1 : 0;
  if (!b) return 1;
  return timestampMicros(a) - timestampMicros(b);
}

/** One measurement of the server's clock against this device's. */
export interface OffsetSample {
  /** Server time minus device time, in milliseconds. */
  offsetMs: number;
  /** The true offset lies within `offsetMs ± errorMs`: half the round trip the server did not spend working. */
  errorMs: number;
}

/** What the server reports around its work: its clock when it started and when it answered. */
export interface ServerClockReading {
  started?: string;
  now: string;
}

/** Device clocks tick in whole milliseconds: each reading may be up to 1 ms early. */
const DEVICE_RESOLUTION_MS = 1;

/**
 * NTP's estimate from one request: sent at `sentAt`, server clock read on arrival (`started`) and on answering
 * (`now`), received at `receivedAt`. Exact when the way there and back take equally long; never wrong by more
 * than `errorMs`, however slow the server or the network.
 */
export function measureOffset(server: ServerClockReading, sentAt: number, receivedAt: number): OffsetSample {
  const arrived = timestampMicros(server.started ?? server.now) / 1000;
  const answered = timestampMicros(server.now) / 1000;
  const offsetMs = (arrived - sentAt + (answered - receivedAt)) / 2;
  const errorMs = Math.max(0, (receivedAt - sentAt - (answered - arrived)) / 2) + DEVICE_RESOLUTION_MS;
  return { offsetMs, errorMs };
}

/** Two samples that cannot both be right: the device clock was changed between them. */
function disagree(a: OffsetSample, b: OffsetSample): boolean {
  return Math.abs(a.offsetMs - b.offsetMs) > a.errorMs + b.errorMs;
}

export interface OffsetEstimate {
  /** Takes a new sample and returns the best estimate so far. */
  add(sample: OffsetSample): OffsetSample;
  best(): OffsetSample | null;
}

/**
 * Keeps the most precise of the recent samples (the one with the smallest error bound), as NTP's clock filter
 * does: a pull slowed by a busy server or network widens its own bound and is outvoted by a quick one. A sample
 * that contradicts the kept ones means the device clock was set: the older ones are dropped.
 */
export function createOffsetEstimate(initial: OffsetSample | null = null, window = 32): OffsetEstimate {
  let samples: OffsetSample[] = initial ? [initial] : [];
  const best = (): OffsetSample | null =>
    samples.reduce<OffsetSample | null>((kept, sample) => (!kept || sample.errorMs < kept.errorMs ? sample : kept), null);
  return {
    add(sample) {
      samples = samples.filter((kept) => !disagree(kept, sample));
      samples.push(sample);
      if (samples.length > window) samples = samples.slice(-window);
      return best() ?? sample;
    },
    best,
  };
}
