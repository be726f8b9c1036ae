// Vitest global setup: migrates one template database for the whole run (PGlite or Postgres), so that every
// test file starts from a copy in a fraction of a second instead of migrating its own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  RUN_ID_ENV,
  TEMPLATE_DUMP_ENV,
  buildPgliteTemplate,
  buildPostgresTemplate,
  dropTestDatabases,
  newRunId,
  testPostgresUrl,
} from './database.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = testPostgresUrl();
  if (serverUrl) {
    const id = newRunId();
    process.env[RUN_ID_ENV] = id;
    await buildPostgresTemplate(serverUrl, id);
    return () => dropTestDatabases(serverUrl, id);
  }
  const folder = await mkdtemp(join(tmpdir(), 'caderneta-template-'));
  const dumpPath = join(folder, 'template.tar');
  await writeFile(dumpPath, await buildPgliteTemplate());
  process.env[TEMPLATE_DUMP_ENV] = dumpPath;
  return () => rm(folder, { recursive: true, force: true });
}
