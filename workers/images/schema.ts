// The product image's rules (spec 1 §5, §9), shared by the worker and the image control: accepted types by MIME
// and extension, the 5 MB limit, and the scale that keeps both sides within 1024 px.
import type { IssueCode } from '../contract/errors.ts';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 1024;
export const IMAGE_JPEG_QUALITY = 0.85;
export const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'application/pdf'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;
/** What the file input offers. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

export interface ImageFileFacts {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

/** Why a file is refused ('invalid_format': type or extension; 'too_large': over 5 MB), or null when it is fine. */
export function checkImageFile(file: ImageFileFacts): Extract<IssueCode, 'invalid_format' | 'too_large'> | null {
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

export const isPdf = (type: string) => type.toLowerCase() === 'application/pdf';

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
