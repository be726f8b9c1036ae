// 'Exportar meus dados': the device's snapshot of the owner's data as one zip file — caderneta.json with every
// collection as stored, and one CSV per collection for a spreadsheet (';' and comma decimals, as the other
// exports) — made on the device, offline too, with the zip library loaded only when the owner asks.
import type { BackupRow, BackupSnapshot } from '../../../workers/api.ts';
import { csvText, fileDate } from '../../lib/export/index.ts';

export const BACKUP_JSON = 'caderneta.json';
const BOM = '\uFEFF';

/** A value as a spreadsheet cell: numbers with a comma, yes/no in Portuguese, lists and objects as JSON. */
export function backupCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The header of a collection's CSV: its schema's fields, then any field only its rows carry. */
function headerOf(columns: readonly string[], rows: readonly BackupRow[]): string[] {
  const header = [...columns];
  for (const row of rows) for (const field of Object.keys(row)) if (!header.includes(field)) header.push(field);
  return header;
}

/** The files of the export by name: the JSON and `<collection>.csv` for each collection. */
export async function backupFiles(snapshot: BackupSnapshot): Promise<Record<string, string>> {
  const files: Record<string, string> = { [BACKUP_JSON]: JSON.stringify(snapshot, null, 2) };
  for (const [name, rows] of Object.entries(snapshot.tables)) {
    const header = headerOf(snapshot.columns[name as keyof BackupSnapshot['columns']], rows);
    const text = await csvText({
      columns: header.map((field) => ({ header: field })),
      rows: rows.map((row) => header.map((field) => backupCell(row[field]))),
    });
    files[`${name}.csv`] = BOM + text;
  }
  return files;
}

/** The export as one zip file. */
export async function backupZip(snapshot: BackupSnapshot): Promise<Blob> {
  const [{ zipSync, strToU8 }, files] = await Promise.all([import('fflate'), backupFiles(snapshot)]);
  const zipped = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), {
    level: 6,
    mtime: new Date(snapshot.exportedAt),
  });
  return new Blob([zipped], { type: 'application/zip' });
}

/** caderneta_dados_2026-11-24.zip */
export const backupFileName = (now: Date) => `caderneta_dados_${fileDate(now)}.zip`;
