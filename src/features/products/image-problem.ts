// What the product image control says when a chosen file cannot be the product's picture: a PDF, a file that is
// not a picture, another type, or over 5 MB; always said before (never after) 'Imagem carregada!'.
import { DataError } from '../../../workers/contract/errors.ts';
import { isPdfFile, type ImageFileFacts, type ImageFileProblem } from '../../../workers/images/schema.ts';
import { t } from '../../i18n/pt-BR.ts';

const copy = t.productImage;

/** The refusal of a chosen file the worker reported, if it was one. */
export function imageProblemOf(thrown: unknown): ImageFileProblem | null {
  if (!(thrown instanceof DataError) || thrown.code !== 'invalid_input') return null;
  const code = thrown.issues.find((issue) => issue.field === 'arquivo')?.code;
  return code === 'too_large' || code === 'invalid_format' || code === 'invalid_type' ? code : null;
}

/** The toast for a refused file. */
export function imageProblemToast(
  problem: ImageFileProblem,
  file: Pick<ImageFileFacts, 'name' | 'type'>,
): { title: string; description: string } {
  if (problem === 'too_large') return { title: copy.tooLargeTitle, description: copy.tooLargeText };
  if (problem === 'invalid_type') {
    return { title: copy.unsupportedTitle, description: isPdfFile(file) ? copy.pdfRefused : copy.notAnImage };
  }
  return { title: copy.unsupportedTitle, description: copy.unsupportedText };
}
