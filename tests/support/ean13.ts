// Draws EAN-13 barcodes for tests: the module pattern of a code (with its check digit) and a grayscale frame of
// it, which the decoder test reads and the scanner e2e feeds to Chromium's fake camera.

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const G = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111'];
const R = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100'];
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  const sum = Array.from(first12, Number).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** The 95 modules ('1' bar, '0' space) of a 13-digit code. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/u.test(code) || ean13CheckDigit(code.slice(0, 12)) !== Number(code[12]))
    throw new Error(`not an EAN-13: ${code}`);
  const digits = Array.from(code, Number);
  const parity = PARITY[digits[0] ?? 0] ?? '';
  let modules = '101';
  for (let i = 1; i <= 6; i += 1) modules += (parity[i - 1] === 'G' ? G : L)[digits[i] ?? 0] ?? '';
  modules += '01010';
  for (let i = 7; i <= 12; i += 1) modules += R[digits[i] ?? 0] ?? '';
  return `${modules}101`;
}

/** A white frame with the code's bars centred (each module `moduleWidth` pixels), one luminance byte per pixel. */
export function ean13Frame(code: string, width: number, height: number, moduleWidth = 4): Uint8ClampedArray {
  const modules = ean13Modules(code);
  const frame = new Uint8ClampedArray(width * height).fill(255);
  const left = Math.floor((width - modules.length * moduleWidth) / 2);
  const top = Math.floor(height * 0.2);
  const bottom = Math.floor(height * 0.8);
  for (let y = top; y < bottom; y += 1) {
    for (let m = 0; m < modules.length; m += 1) {
      if (modules[m] !== '1') continue;
      for (let x = 0; x < moduleWidth; x += 1) frame[y * width + left + m * moduleWidth + x] = 0;
    }
  }
  return frame;
}

/**
 * A Y4M video (4:2:0, the format Chromium's fake camera reads) of `frames` identical frames of the code.
 */
export function ean13Y4m(code: string, width: number, height: number, frames = 2): Buffer {
  const luma = ean13Frame(code, width, height);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < frames; i += 1) parts.push(Buffer.from('FRAME\n'), Buffer.from(luma), chroma);
  return Buffer.concat(parts);
}
