// Vitest global setup: migrates one template database for the whole run (PGlite or Postgres), so that every
// test file starts from a copy in a fraction of a second instead of migrating its own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TEMPLATE_DUMP_ENV,
  buildPgliteTemplate,
  buildPostgresTemplate,
  dropTestDatabases,
  testPostgresUrl,
} from './database.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = testPostgresUrl();
  if (serverUrl) {
    await buildPostgresTemplate(serverUrl);
    return () => dropTestDatabases(serverUrl);
  }
  const folder = await mkdtemp(join(tmpdir(), 'caderneta-template-'));
  const dumpPath = join(folder, 'template.tar');
  await writeFile(dumpPath, await buildPgliteTemplate());
  process.env[TEMPLATE_DUMP_ENV] = dumpPath;
  return () => rm(folder, { recursive: true, force: true });
}
