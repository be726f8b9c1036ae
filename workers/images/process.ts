// Processing of a chosen image inside the worker: decoded with createImageBitmap, drawn on an OffscreenCanvas no
// larger than 1024 px a side and re-encoded as JPEG 0.85. A file that does not decode as a picture (whatever its
// name says) is refused as not an image, before anything is kept.
import { DataError } from '../contract/errors.ts';
import { fitWithin, IMAGE_JPEG_QUALITY } from './schema.ts';

export interface ProcessedImage {
  blob: Blob;
  contentType: string;
  extension: string;
}

/** Turns the chosen file into what is stored and uploaded; injectable so Node tests skip the canvas. */
export type ImageProcessor = (file: Blob) => Promise<ProcessedImage>;

export const canvasImageProcessor: ImageProcessor = async (file) => {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (error) {
    throw DataError.invalid([{ field: 'arquivo', code: 'invalid_type' }], `imagem ilegível: ${String(error)}`);
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new DataError('internal', { diagnostic: 'sem contexto 2d de canvas' });
    // JPEG has no transparency: a PNG's clear parts become white rather than black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: IMAGE_JPEG_QUALITY });
    return { blob, contentType: 'image/jpeg', extension: 'jpg' };
  } finally {
    bitmap.close();
  }
};
