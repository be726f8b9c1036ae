// The media type of a stored object, read strictly: one `type/subtype` and well-formed parameters, or nothing.
// A lenient reading is how `image/png;,text/html` passed an image bucket's check while a browser, reading the
// same header its own way, rendered it as HTML. What is kept is the lower-case essence and its charset only.
import { format, parse } from 'content-type';

export interface MediaType {
  /** `type/subtype` in lower case, e.g. `image/png`. */
  essence: string;
  /** What is stored and served: the essence, with `; charset=…` when one was given. */
  normalised: string;
}

/** RFC 9110's token: the only charset value kept (a quoted one could carry a comma to a lenient reader). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The media type in `text`, or null when it is not exactly one well-formed media type. */
export function parseMediaType(text: string): MediaType | null {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(text);
  } catch {
    return null;
  }
  const essence = parsed.type.toLowerCase();
  const charset = parsed.parameters.charset;
  const parameters: Record<string, string> = {};
  if (charset !== undefined && TOKEN.test(charset)) parameters.charset = charset;
  return { essence, normalised: format({ type: essence, parameters }) };
}

/** Whether `pattern` of a bucket's allowed types (`image/png`, `image/*`) admits `essence`. */
export function typeMatches(pattern: string, essence: string): boolean {
  const wanted = pattern.trim().toLowerCase();
  return wanted.endsWith('/*') ? essence.startsWith(wanted.slice(0, -1)) : essence === wanted;
}

/** A picture a browser shows and never runs: every image type but SVG, which is a document with scripts. */
export function isInertImage(essence: string): boolean {
  return essence.startsWith('image/') && essence !== 'image/svg+xml';
}
