// Per-function settings from supabase/config.toml, as the Supabase CLI reads them: only `verify_jwt` of each
// `[functions.<name>]` table matters to the local stack (webhooks turn it off).
import { readFile } from 'node:fs/promises';

/** Names of the functions whose `verify_jwt` is false. */
export async function functionsWithoutJwtCheck(configToml: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(configToml, 'utf8');
  } catch {
    return new Set();
  }
  const open = new Set<string>();
  let section: string | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[functions\.("?)([A-Za-z0-9_-]+)\1\]$/.exec(line);
    if (header) {
      section = header[2] ?? null;
      continue;
    }
    if (line.startsWith('[')) section = null;
    else if (section && /^verify_jwt\s*=\s*false$/.test(line)) open.add(section);
  }
  return open;
}
