// The barcode domain's input: the code asked of the public product database (docs/product.md §5, §7).
import * as v from 'valibot';
import { requiredText } from '../contract/input.ts';

/** A printable code of up to 64 characters without spaces or slashes (it goes into the lookup's path). */
export const barcodeCodeSchema = v.pipe(requiredText(64), v.regex(/^[0-9A-Za-z.\-_$+%]+$/u, 'invalid_format'));
