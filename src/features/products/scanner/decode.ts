// Decodes one camera frame's luminance with ZXing, limited to the spec's formats (docs/product.md §5): EAN-13, EAN-8,
// UPC-A, UPC-E, Code 128, Code 39 for products; QR codes alone when pairing devices. Runs in the decoder worker
// (and in Node tests).
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';

export type ScanFormat = 'EAN-13' | 'EAN-8' | 'UPC-A' | 'UPC-E' | 'Code 128' | 'Code 39' | 'QR';

/** What the camera looks for: a product's barcode, or another device's pairing QR code. */
export type ScanKind = 'barcode' | 'qr';

export interface DecodedCode {
  readonly text: string;
  readonly format: ScanFormat;
}

const FORMATS = new Map<BarcodeFormat, ScanFormat>([
  [BarcodeFormat.EAN_13, 'EAN-13'],
  [BarcodeFormat.EAN_8, 'EAN-8'],
  [BarcodeFormat.UPC_A, 'UPC-A'],
  [BarcodeFormat.UPC_E, 'UPC-E'],
  [BarcodeFormat.CODE_128, 'Code 128'],
  [BarcodeFormat.CODE_39, 'Code 39'],
]);
const QR_FORMATS = new Map<BarcodeFormat, ScanFormat>([[BarcodeFormat.QR_CODE, 'QR']]);

/** A reader set up once for the spec's formats (or for QR codes). */
export function createFrameDecoder(
  kind: ScanKind = 'barcode',
): (luminance: Uint8ClampedArray, width: number, height: number) => DecodedCode | null {
  const formats = kind === 'qr' ? QR_FORMATS : FORMATS;
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [...formats.keys()]]]);
  reader.setHints(hints);
  return (luminance, width, height) => {
    try {
      const result = reader.decodeWithState(
        new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height))),
      );
      const format = formats.get(result.getBarcodeFormat());
      return format ? { text: result.getText(), format } : null;
    } catch {
      // ZXing throws when the frame holds no readable code: the usual case between hits.
      return null;
    } finally {
      reader.reset();
    }
  };
}

/** RGBA pixels to one byte of luminance each (ITU-R BT.601 weights, integer maths). */
export function luminanceOf(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, j = 0; i < out.length; i += 1, j += 4) {
    out[i] = ((rgba[j] ?? 0) * 77 + (rgba[j + 1] ?? 0) * 150 + (rgba[j + 2] ?? 0) * 29) >> 8;
  }
  return out;
}
