// The scanner's rules (docs/product.md §9): two equal reads in a row accept a code, the same code again within 1 s is
// ignored (clock injected); and the decoder reads a drawn EAN-13 frame and nothing from a blank one.
import { describe, expect, it } from 'vitest';
import { createFrameDecoder } from '../../src/features/products/scanner/decode.ts';
import { createScanAcceptor } from '../../src/features/products/scanner/scan-rules.ts';
import { ean13CheckDigit, ean13Frame, ean13Modules } from '../support/ean13.ts';

describe('createScanAcceptor', () => {
  it('accepts a code on the second read in a row, not on the first', () => {
    const acceptor = createScanAcceptor({ now: () => 0 });
    expect(acceptor.offer('7891000100103')).toBeNull();
    expect(acceptor.offer('7891000100103')).toBe('7891000100103');
  });
  it('starts over when another code comes between two reads', () => {
    const acceptor = createScanAcceptor({ now: () => 0 });
    expect(acceptor.offer('111')).toBeNull();
    expect(acceptor.offer('222')).toBeNull();
    expect(acceptor.offer('111')).toBeNull();
    expect(acceptor.offer('111')).toBe('111');
  });
  it('ignores the same code accepted again within 1 s, and accepts it after', () => {
    let clock = 10_000;
    const acceptor = createScanAcceptor({ now: () => clock });
    acceptor.offer('123');
    expect(acceptor.offer('123')).toBe('123');
    clock += 999;
    acceptor.offer('123');
    expect(acceptor.offer('123')).toBeNull();
    clock += 1;
    acceptor.offer('123');
    expect(acceptor.offer('123')).toBe('123');
  });
  it('accepts another code at once, whatever the window', () => {
    const acceptor = createScanAcceptor({ now: () => 0 });
    acceptor.offer('123');
    acceptor.offer('123');
    acceptor.offer('456');
    expect(acceptor.offer('456')).toBe('456');
  });
  it('reset forgets a first read', () => {
    const acceptor = createScanAcceptor({ now: () => 0 });
    acceptor.offer('123');
    acceptor.reset();
    expect(acceptor.offer('123')).toBeNull();
  });
});

describe('frame decoder', () => {
  it('draws valid EAN-13 patterns', () => {
    expect(ean13CheckDigit('789100010010')).toBe(3);
    expect(ean13Modules('7891000100103')).toHaveLength(95);
    expect(() => ean13Modules('7891000100104')).toThrow();
  });
  it('reads a drawn EAN-13 frame and nothing from a blank one', () => {
    const decode = createFrameDecoder();
    expect(decode(ean13Frame('7891000100103', 640, 480), 640, 480)).toEqual({ text: '7891000100103', format: 'EAN-13' });
    expect(decode(new Uint8ClampedArray(640 * 480).fill(255), 640, 480)).toBeNull();
  });
});
