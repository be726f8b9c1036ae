// The barcode decoder's own worker: receives camera frames (ImageBitmap or ImageData) and answers the decoded
// text and format, or null, so decoding never blocks the page.
import { createFrameDecoder, luminanceOf, type DecodedCode, type ScanKind } from './decode.ts';

export interface DecodeRequest {
  readonly id: number;
  readonly frame: ImageBitmap | ImageData;
  readonly kind: ScanKind;
}

export interface DecodeResponse {
  readonly id: number;
  readonly result: DecodedCode | null;
}

const decoders = new Map<ScanKind, ReturnType<typeof createFrameDecoder>>();
const decoderOf = (kind: ScanKind) => {
  let decoder = decoders.get(kind);
  if (!decoder) {
    decoder = createFrameDecoder(kind);
    decoders.set(kind, decoder);
  }
  return decoder;
};
let canvas: OffscreenCanvas | null = null;

function pixelsOf(frame: ImageBitmap | ImageData): ImageData {
  if (!('close' in frame)) return frame;
  canvas ??= new OffscreenCanvas(frame.width, frame.height);
  if (canvas.width !== frame.width || canvas.height !== frame.height) {
    canvas.width = frame.width;
    canvas.height = frame.height;
  }
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('2d context unavailable');
  context.drawImage(frame, 0, 0);
  frame.close();
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

self.onmessage = (event: MessageEvent<DecodeRequest>) => {
  const { id, frame, kind } = event.data;
  let result: DecodedCode | null = null;
  try {
    const pixels = pixelsOf(frame);
    result = decoderOf(kind)(luminanceOf(pixels.data, pixels.width, pixels.height), pixels.width, pixels.height);
  } catch {
    result = null;
  }
  const response: DecodeResponse = { id, result };
  self.postMessage(response);
};
