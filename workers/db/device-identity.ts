// This device's stable name in the owner's database: kept in a local document (never replicated), so every tab
// and every reload of this browser share it. Each tab's clock node is this name, a dot and the tab's own suffix,
// so a stamp tells which device wrote it (the till counts this device's sales by it).
import type { LocalDatabase } from './local-database.ts';

const KEY = 'dispositivo';

interface DeviceDocument {
  id: string;
}

const randomName = () => crypto.randomUUID().replaceAll('-', '').slice(0, 10);

export async function deviceNameOf(database: LocalDatabase): Promise<string> {
  const kept = await database.getLocal<DeviceDocument>(KEY);
  if (kept) return kept.get('id') as string;
  try {
    return (await database.insertLocal<DeviceDocument>(KEY, { id: randomName() })).get('id') as string;
  } catch {
    // Another tab named the device first: use its name.
    const other = await database.getLocal<DeviceDocument>(KEY);
    if (!other) throw new Error('device name missing');
    return other.get('id') as string;
  }
}

/** The clock node of a tab: the device's name and the tab's suffix. */
export const clockNodeOf = (device: string, tab: string) => `${device}.${tab}`;

/** Whether a stamp (HLC text) was written by a tab of `device`. */
export function writtenBy(hlc: string, device: string): boolean {
  const node = hlc.split(':').slice(2).join(':');
  return node.startsWith(`${device}.`);
}
