// The hybrid logical clock orders events correctly even when device clocks are wrong or go backwards.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHybridClock, formatHlc, parseHlc } from '../../workers/sync/hlc.ts';

describe('hybrid logical clock', () => {
  it('round-trips and sorts as text in the same order as time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        (a, counter, b) => {
          const left = formatHlc({ physical: a, counter, node: 'n1' });
          const right = formatHlc({ physical: b, counter, node: 'n1' });
          expect(parseHlc(left)).toEqual({ physical: a, counter, node: 'n1' });
          if (a < b) expect(left < right).toBe(true);
        },
      ),
    );
  });

  it('stays monotonic when the device clock jumps back by days', () => {
    let wall = Date.UTC(2026, 10, 22);
    const clock = createHybridClock({ node: 'tablet', wallClock: () => wall });
    const first = clock.now();
    wall -= 3 * 24 * 3600 * 1000;
    const second = clock.now();
    expect(second > first).toBe(true);
  });

  it('orders an event after one received from a device whose clock runs ahead', () => {
    const phone = createHybridClock({ node: 'phone', wallClock: () => Date.UTC(2026, 10, 25) });
    const tablet = createHybridClock({ node: 'tablet', wallClock: () => Date.UTC(2026, 10, 22) });
    const remote = phone.now();
    tablet.receive(remote);
    expect(tablet.now() > remote).toBe(true);
  });

  it('corrects the device clock by the offset observed against the server', () => {
    const wrong = Date.UTC(2026, 10, 12); // ten days behind
    const server = Date.UTC(2026, 10, 22);
    const clock = createHybridClock({ node: 'd', wallClock: () => wrong });
    clock.setServerOffset(server - wrong);
    expect(parseHlc(clock.now()).physical).toBe(server);
  });
});
