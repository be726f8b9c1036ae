// A small ESC/POS encoder for receipt printers: text (accents folded to ASCII, which every code page prints),
// bold, alignment, feed, cut and a QR code (model 2), as the bytes a thermal printer reads.

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

export type EscPosAlign = 'left' | 'center' | 'right';
const ALIGN_CODE: Record<EscPosAlign, number> = { left: 0, center: 1, right: 2 };

/** Printable ASCII only: accents dropped ('ção' → 'cao'), anything else a '?'. */
export function asciiBytes(text: string): number[] {
  const folded = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return Array.from(folded, (char) => {
    const code = char.codePointAt(0) ?? 0x3f;
    if (code === 0xa0) return 0x20;
    return code >= 0x20 && code <= 0x7e ? code : 0x3f;
  });
}

/** Builds one print job; each method appends its command and returns the encoder. */
export class EscPosEncoder {
  private readonly bytes: number[] = [ESC, 0x40];

  /** Text followed by a line feed. */
  line(text = ''): this {
    this.bytes.push(...asciiBytes(text), LF);
    return this;
  }

  bold(on: boolean): this {
    this.bytes.push(ESC, 0x45, on ? 1 : 0);
    return this;
  }

  align(align: EscPosAlign): this {
    this.bytes.push(ESC, 0x61, ALIGN_CODE[align]);
    return this;
  }

  /** Feeds `lines` blank lines. */
  feed(lines: number): this {
    this.bytes.push(ESC, 0x64, Math.max(0, Math.min(255, Math.round(lines))));
    return this;
  }

  /** Feeds to the cutter and cuts, leaving a small hinge (partial cut). */
  cut(): this {
    this.bytes.push(GS, 0x56, 0x42, 0x03);
    return this;
  }

  /** A QR code (model 2, error correction M) of `text`, `moduleSize` dots per module (1–16). */
  qr(text: string, moduleSize = 6): this {
    const data = asciiBytes(text);
    const stored = data.length + 3;
    if (stored > 0xffff) throw new RangeError('QR data too long');
    const size = Math.max(1, Math.min(16, Math.round(moduleSize)));
    this.bytes.push(GS, 0x28, 0x6b, 0x04, 0x00, 0x31, 0x41, 0x32, 0x00);
    this.bytes.push(GS, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x43, size);
    this.bytes.push(GS, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x45, 0x31);
    this.bytes.push(GS, 0x28, 0x6b, stored & 0xff, stored >> 8, 0x31, 0x50, 0x30, ...data);
    this.bytes.push(GS, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30);
    return this;
  }

  encode(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}
