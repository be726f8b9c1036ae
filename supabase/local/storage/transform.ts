// Image transformations as Supabase Storage's render endpoints do them (imgproxy there, sharp here): width,
// height, resize cover|contain|fill, quality 20–100, format origin|webp|avif (webp when the client accepts it).
import sharp from 'sharp';
import { StorageError, invalidRequest } from './errors.ts';

export type ResizeMode = 'cover' | 'contain' | 'fill';
export type OutputFormat = 'origin' | 'webp' | 'avif';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize: ResizeMode;
  quality: number;
  format: OutputFormat;
}

const MAX_DIMENSION = 2500;
const DEFAULT_QUALITY = 80;
const RESIZE_MODES: ReadonlySet<string> = new Set<ResizeMode>(['cover', 'contain', 'fill']);
const FORMATS: ReadonlySet<string> = new Set<OutputFormat>(['origin', 'webp', 'avif']);

function intParam(params: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw invalidRequest(`${name} must be an integer between ${min} and ${max}`);
  return value;
}

/**
 * Reads the transformation from a render URL's query (or a signed token's copy of it). `accept` is the client's
 * Accept header: without an explicit format, clients that take webp get webp, as on Supabase.
 */
export function parseTransform(params: URLSearchParams, accept: string | null): TransformOptions {
  const resize = params.get('resize') ?? 'cover';
  if (!RESIZE_MODES.has(resize)) throw invalidRequest('resize must be one of cover, contain, fill');
  const format = params.get('format') ?? (accept?.includes('image/webp') ? 'webp' : 'origin');
  if (!FORMATS.has(format)) throw invalidRequest('format must be one of origin, webp, avif');
  return {
    width: intParam(params, 'width', 0, MAX_DIMENSION) || undefined,
    height: intParam(params, 'height', 0, MAX_DIMENSION) || undefined,
    resize: resize as ResizeMode,
    quality: intParam(params, 'quality', 20, 100) ?? DEFAULT_QUALITY,
    format: format as OutputFormat,
  };
}

// Supabase's modes are imgproxy's fill / fit / force: crop to fill, fit inside, stretch.
const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const satisfies Record<ResizeMode, string>;

export async function transformImage(data: Uint8Array, options: TransformOptions): Promise<{ data: Uint8Array; contentType: string }> {
  try {
    let image = sharp(data, { failOn: 'error' }).rotate();
    if (options.width || options.height) {
      image = image.resize({ width: options.width, height: options.height, fit: FIT[options.resize] });
    }
    const quality = options.quality;
    if (options.format === 'webp') image = image.webp({ quality });
    else if (options.format === 'avif') image = image.avif({ quality });
    else {
      const { format } = await sharp(data).metadata();
      if (format === 'jpeg') image = image.jpeg({ quality });
      else if (format === 'png') image = image.png();
      else if (format === 'webp') image = image.webp({ quality });
      else if (format === 'heif') image = image.avif({ quality });
    }
    const { data: output, info } = await image.toBuffer({ resolveWithObject: true });
    const contentType = info.format === 'heif' ? 'image/avif' : `image/${info.format}`;
    return { data: new Uint8Array(output), contentType };
  } catch (error) {
    if (error instanceof StorageError) throw error;
    throw new StorageError(422, 'InvalidImage', 'Unprocessable Entity', 'the object is not an image that can be transformed');
  }
}
