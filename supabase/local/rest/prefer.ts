// The request headers that steer PostgREST: Prefer (comma-joined values), Accept, Range and the schema profiles.
import { ApiError } from './errors.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  strict: boolean;
  maxAffected: number | null;
  rollback: boolean;
  /** The values that were understood, echoed in Preference-Applied. */
  applied: string[];
}

const KNOWN: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
};

export function parsePrefer(headers: Headers): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missingDefault: false,
    strict: false,
    maxAffected: null,
    rollback: false,
    applied: [],
  };
  const invalid: string[] = [];
  const raw = headers.get('prefer') ?? '';
  for (const part of raw.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const [name = '', value = ''] = item.split('=', 2).map((piece) => piece.trim());
    if (name === 'max-affected' && /^\d+$/.test(value)) {
      prefs.maxAffected = Number(value);
    } else if (KNOWN[name]?.includes(value)) {
      if (name === 'return') prefs.return = value as Preferences['return'];
      else if (name === 'count') prefs.count = value as Preferences['count'];
      else if (name === 'resolution') prefs.resolution = value as Preferences['resolution'];
      else if (name === 'missing') prefs.missingDefault = value === 'default';
      else if (name === 'handling') prefs.strict = value === 'strict';
      else if (name === 'tx') prefs.rollback = value === 'rollback';
    } else {
      invalid.push(item);
      continue;
    }
    if (name !== 'handling') prefs.applied.push(`${name}=${value}`);
  }
  if (prefs.strict && invalid.length > 0) {
    throw new ApiError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  return prefs;
}

export interface AcceptedFormat {
  singular: boolean;
  stripNulls: boolean;
  /** `Accept: text/csv`: a header line of the columns, then one line per row (reads). */
  csv?: boolean;
}

/** Picks the response format from Accept; JSON and PostgREST's object/array media types are supported. */
export function parseAccept(headers: Headers): AcceptedFormat {
  const raw = headers.get('accept') ?? '';
  if (raw.trim() === '') return { singular: false, stripNulls: false };
  for (const part of raw.split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return { singular: true, stripNulls };
    if (type === 'text/csv') return { singular: false, stripNulls: false, csv: true };
    if (['application/json', 'application/vnd.pgrst.array+json', 'application/*', '*/*'].includes(type)) {
      return { singular: false, stripNulls };
    }
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${raw}`);
}

/** `Range: 0-9` (with `Range-Unit: items`) as offset and limit; null when absent. */
export function parseRangeHeader(headers: Headers): { offset: number; limit: number | null } | null {
  const raw = headers.get('range');
  if (!raw) return null;
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(raw);
  if (!match) return null;
  const from = Number(match[1]);
  if (match[2] === '' || match[2] === undefined) return { offset: from, limit: null };
  const to = Number(match[2]);
  if (to < from)
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `The lower boundary must be lower than or equal to the upper boundary in the Range header.`,
    );
  return { offset: from, limit: to - from + 1 };
}

/** The schema named by Accept-Profile/Content-Profile, which must be one of the exposed ones. */
export function profileSchema(headers: Headers, method: string, exposed: readonly string[]): string {
  const header = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const requested = headers.get(header)?.trim();
  const schema = requested || exposed[0] || 'public';
  if (!exposed.includes(schema)) {
    throw new ApiError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`,
    );
  }
  return schema;
}
