// The text of each page of a PDF, extracted with unpdf (PDF.js), for tests that check an export's content.
import { extractText, getDocumentProxy } from 'unpdf';

export async function pdfPages(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}
