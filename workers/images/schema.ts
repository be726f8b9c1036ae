// The product image's rules (docs/product.md §5, §9), shared by the worker and the image control: accepted types by MIME
// and extension, the 5 MB limit, and the scale that keeps both sides within 1024 px. A PDF is refused: no page of
// it can be shown as the product's picture (older products may still point at one, see isPdf).
import type { IssueCode } from '../contract/errors.ts';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 1024;
export const IMAGE_JPEG_QUALITY = 0.85;
export const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
/** What the file input offers. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

export interface ImageFileFacts {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export type ImageFileProblem = Extract<IssueCode, 'invalid_type' | 'invalid_format' | 'too_large'>;

/** A PDF by its type (older products' uploads may be one). */
export const isPdf = (type: string) => type.toLowerCase() === 'application/pdf';

/** A PDF by its type or its extension. */
export function isPdfFile(file: Pick<ImageFileFacts, 'name' | 'type'>): boolean {
  return isPdf(file.type) || /\.pdf$/i.test(file.name);
}

/**
 * Why a file is refused ('invalid_type': a PDF, or a file that does not decode as a picture; 'invalid_format':
 * another type or extension; 'too_large': over 5 MB), or null when it is fine.
 */
export function checkImageFile(file: ImageFileFacts): ImageFileProblem | null {
  if (isPdfFile(file)) return 'invalid_type';
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  const typeOk = (IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extensionOk = (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk || !extensionOk) return 'invalid_format';
  if (file.size > IMAGE_MAX_BYTES) return 'too_large';
  return null;
}

/** The size an image is drawn at so neither side exceeds `max`, keeping its proportions; never enlarged. */
export function fitWithin(width: number, height: number, max = IMAGE_MAX_SIDE): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  if (scale === 1) return { width, height };
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The object's path in product-images from one of its public URLs (plain or transformed), or null. */
export function objectPathOf(url: string | null | undefined): string | null {
  const match = /\/storage\/v1\/(?:render\/image|object)\/public\/product-images\/([^?#]+)/.exec(url ?? '');
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
