// Barcode decoding speed: frames per second the scanner's decoder reads on a 1280x720 camera frame (RGBA to
// luminance, then ZXing limited to the spec's formats), the work the decoder worker does per frame. Target ≥ 15/s.
import { createFrameDecoder, luminanceOf } from '../src/features/products/scanner/decode.ts';
import { ean13Frame } from '../tests/support/ean13.ts';
import type { BenchFigure } from './figures.ts';

const WIDTH = 1280;
const HEIGHT = 720;
const FRAMES = 60;

/** RGBA pixels of a luminance frame (what a canvas gives the worker). */
function rgbaOf(luminance: Uint8ClampedArray): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(luminance.length * 4);
  for (let i = 0; i < luminance.length; i += 1) {
    const value = luminance[i] ?? 0;
    rgba.set([value, value, value, 255], i * 4);
  }
  return rgba;
}

function framesPerSecond(rgba: Uint8ClampedArray, expected: string | null): number {
  const decode = createFrameDecoder();
  for (let i = 0; i < 5; i += 1) decode(luminanceOf(rgba, WIDTH, HEIGHT), WIDTH, HEIGHT);
  const started = performance.now();
  for (let i = 0; i < FRAMES; i += 1) {
    const result = decode(luminanceOf(rgba, WIDTH, HEIGHT), WIDTH, HEIGHT);
    if ((result?.text ?? null) !== expected)
      throw new Error(`decoded ${JSON.stringify(result)}, expected ${expected ?? 'nothing'}`);
  }
  return (FRAMES * 1000) / (performance.now() - started);
}

export default function bench(): Promise<BenchFigure[]> {
  const withCode = rgbaOf(ean13Frame('7891000100103', WIDTH, HEIGHT, 6));
  const blank = rgbaOf(new Uint8ClampedArray(WIDTH * HEIGHT).fill(255));
  return Promise.resolve([
    {
      name: 'decodificação 1280x720 com EAN-13, quadros/s',
      value: framesPerSecond(withCode, '7891000100103'),
      unit: 'quadros/s',
      target: '≥ 15',
    },
    {
      name: 'decodificação 1280x720 sem código, quadros/s',
      value: framesPerSecond(blank, null),
      unit: 'quadros/s',
      target: '≥ 15',
    },
  ]);
}
