// Storage with a data folder: object bytes land on disk under <dataDir>/storage, named by version only, and
// replaced or removed objects leave no file behind.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let dataDir: string;

async function storedFiles(): Promise<string[]> {
  const root = join(dataDir, 'storage');
  const folders = await readdir(root).catch(() => []);
  const files = await Promise.all(folders.map(async (folder) => (await readdir(join(root, folder))).map((file) => `${folder}/${file}`)));
  return files.flat().sort();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'caderneta-storage-'));
  stack = await startTestStack({ config: { dataDir } });
  await stack.db.query(`INSERT INTO storage.buckets (id, name) VALUES ('fx-disco', 'fx-disco')`);
});

afterAll(async () => {
  await stack.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('storage on disk', () => {
  it('keeps one file per live object version, named by the version', async () => {
    const bucket = stack.serviceClient().storage.from('fx-disco');
    const name = `${randomUUID()}/arquivo.txt`;
    expect((await bucket.upload(name, Buffer.from('primeira'))).error).toBeNull();
    const { rows } = await stack.db.query<{ version: string }>('SELECT version FROM storage.objects WHERE name = $1', [name]);
    const version = rows[0]?.version ?? '';
    expect(await storedFiles()).toEqual([`${version.slice(0, 2)}/${version}`]);

    expect((await bucket.upload(name, Buffer.from('segunda'), { upsert: true })).error).toBeNull();
    const after = await stack.db.query<{ version: string }>('SELECT version FROM storage.objects WHERE name = $1', [name]);
    const replaced = after.rows[0]?.version ?? '';
    expect(replaced).not.toBe(version);
    expect(await storedFiles()).toEqual([`${replaced.slice(0, 2)}/${replaced}`]);
    expect(await (await bucket.download(name)).data?.text()).toBe('segunda');

    expect((await bucket.remove([name])).data).toHaveLength(1);
    expect(await storedFiles()).toEqual([]);
  });

  it('drops the bytes of an upload that row-level security refuses', async () => {
    const anon = stack.client().storage.from('fx-disco');
    expect((await anon.upload('recusado.txt', Buffer.from('x'))).error).toMatchObject({ statusCode: '403' });
    expect(await storedFiles()).toEqual([]);
  });
});
