// The lint rule that keeps the UI away from the network and the database really fires.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

async function lintUiSource(source: string): Promise<string[]> {
  const probe = join(root, 'src', 'lib', `boundary-probe-${process.pid}.ts`);
  writeFileSync(probe, source);
  try {
    const [result] = await new ESLint({ cwd: root }).lintFiles([probe]);
    return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
  } finally {
    rmSync(probe, { force: true });
  }
}

describe('UI boundary rule', () => {
  const forbidden: Record<string, string> = {
    'rxdb import': "import { createRxDatabase } from 'rxdb';\nexport const open = createRxDatabase;\n",
    'rxdb plugin import':
      "import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';\nexport const storage = getRxStorageDexie;\n",
    'supabase import': "import { createClient } from '@supabase/supabase-js';\nexport const client = createClient;\n",
    'dexie import': "import Dexie from 'dexie';\nexport const db = Dexie;\n",
    'y-indexeddb import':
      "import { IndexeddbPersistence } from 'y-indexeddb';\nexport const persistence = IndexeddbPersistence;\n",
    'fetch call': "export const load = () => fetch('/api');\n",
    'window.fetch call': "export const load = () => window.fetch('/api');\n",
    WebSocket: "export const socket = () => new WebSocket('ws://x');\n",
    'RTCPeerConnection outside the peer relay': 'export const link = () => new RTCPeerConnection({ iceServers: [] });\n',
  };

  for (const [name, source] of Object.entries(forbidden)) {
    it(`rejects a ${name} under src/`, async () => {
      const messages = await lintUiSource(source);
      expect(messages.some((message) => /no-restricted-(imports|globals|properties)/.test(message))).toBe(true);
    });
  }

  it('lets only the peer relay open a link to another device', async () => {
    const relay = join(root, 'src', 'lib', 'peer-relay.ts');
    const [result] = await new ESLint({ cwd: root }).lintFiles([relay]);
    expect(result?.messages).toEqual([]);
    // It carries bytes only: no database, no replication, no server client.
    expect(readFileSync(relay, 'utf8')).not.toMatch(/from '(rxdb|@supabase)/);
  });

  it('accepts code that goes through the data worker', async () => {
    const messages = await lintUiSource(
      "import { getDataClient } from './data-client.ts';\nexport const version = () => getDataClient().system.appVersion();\n",
    );
    expect(messages).toEqual([]);
  });
});
