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

/** Server time minus device time, assuming the server read its clock halfway through the request. */
export function measureOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  return Math.round(timestampMicros(serverNow) / 1000 - (sentAt + receivedAt) / 2);
}
