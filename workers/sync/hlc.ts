// Hybrid logical clock: timestamps that order events across devices whose clocks are wrong by days.
// Physical time is the device clock corrected by the offset last observed against the server; a counter
// breaks ties and keeps the clock monotonic when the device clock jumps backwards.

/** Fixed-width text, so that comparing two timestamps as strings compares them as clocks. */
export type HlcTimestamp = string;

export interface HlcParts {
  /** Milliseconds since the epoch, corrected towards server time. */
  physical: number;
  counter: number;
  node: string;
}

const PHYSICAL_WIDTH = 11; // base 36: enough for dates far beyond this century
const COUNTER_WIDTH = 5;

export function formatHlc({ physical, counter, node }: HlcParts): HlcTimestamp {
  return `${physical.toString(36).padStart(PHYSICAL_WIDTH, '0')}:${counter.toString(36).padStart(COUNTER_WIDTH, '0')}:${node}`;
}

/**
 * An instant as the physical part of a stamp (what the server's `hlc_do_instante` gives): every stamp of that
 * instant or later compares greater, every stamp of an earlier one smaller.
 */
export function hlcPrefixAt(ms: number): string {
  return Math.floor(ms).toString(36).padStart(PHYSICAL_WIDTH, '0');
}

export function parseHlc(value: HlcTimestamp): HlcParts {
  const [physical, counter, ...node] = value.split(':');
  const parsed = { physical: parseInt(physical ?? '', 36), counter: parseInt(counter ?? '', 36), node: node.join(':') };
  if (!Number.isFinite(parsed.physical) || !Number.isFinite(parsed.counter) || parsed.node === '') {
    throw new Error(`Carimbo de relógio inválido: ${value}`);
  }
  return parsed;
}

export interface HybridClock {
  /** A new timestamp for an event on this device, greater than every one it issued or received. */
  now(): HlcTimestamp;
  /** Takes in a timestamp seen from another device, so later local events order after it. */
  receive(remote: HlcTimestamp): void;
  /** Records server time minus device time, measured at the last sync. */
  setServerOffset(offsetMs: number): void;
  /** The device clock corrected towards server time (ms since the epoch): what edit stamps are made of. */
  correctedNow(): number;
}

export function createHybridClock(options: { node: string; wallClock?: () => number; serverOffsetMs?: number }): HybridClock {
  const wallClock = options.wallClock ?? Date.now;
  let offset = options.serverOffsetMs ?? 0;
  let last: HlcParts = { physical: 0, counter: 0, node: options.node };

  const corrected = () => Math.round(wallClock() + offset);

  return {
    now() {
      const physical = Math.max(last.physical, corrected());
      const counter = physical === last.physical ? last.counter + 1 : 0;
      last = { physical, counter, node: options.node };
      return formatHlc(last);
    },
    receive(remote) {
      const theirs = parseHlc(remote);
      const physical = Math.max(last.physical, theirs.physical, corrected());
      let counter = 0;
      if (physical === last.physical && physical === theirs.physical) counter = Math.max(last.counter, theirs.counter) + 1;
      else if (physical === last.physical) counter = last.counter + 1;
      else if (physical === theirs.physical) counter = theirs.counter + 1;
      last = { physical, counter, node: options.node };
    },
    setServerOffset(offsetMs) {
      offset = offsetMs;
    },
    correctedNow: corrected,
  };
}
