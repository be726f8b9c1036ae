// Migration order stays plain. Files apply in name order, and a database applies a new file when it first sees
// it: on a fresh database the 9xxx files (the replication endpoints) run after every 00xx file, on an existing one
// a new 00xx file runs after them. So a function the 9xxx files define must never be defined again in a 00xx
// file (a fresh install would undo it), and a 00xx file must not call one (it does not exist yet on a fresh
// install). New versions of the replication endpoints go in a new 9xxx file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../supabase/local/db/migrate.ts';

const files = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => ({ name, sql: readFileSync(join(MIGRATIONS_DIR, name), 'utf8') }));
const isLate = (name: string) => name.startsWith('9');

/** `public.<name>` of every function or procedure a file creates. */
function definedIn(sql: string): string[] {
  return [...sql.matchAll(/create\s+(?:or\s+replace\s+)?(?:function|procedure)\s+public\.([a-z_0-9]+)\s*\(/gi)].map((match) =>
    (match[1] ?? '').toLowerCase(),
  );
}

const lateFunctions = new Set(files.filter((file) => isLate(file.name)).flatMap((file) => definedIn(file.sql)));

it('finds the replication endpoints among the late files', () => {
  expect([...lateFunctions]).toEqual(expect.arrayContaining(['replicate_pull', 'replicate_push']));
});

it('no 00xx migration defines or calls a function of the 9xxx files', () => {
  const offenders = files
    .filter((file) => !isLate(file.name))
    .flatMap((file) =>
      [...lateFunctions]
        .filter((fn) => new RegExp(`public\\.${fn}\\s*\\(`, 'i').test(file.sql))
        .map((fn) => `${file.name}: public.${fn}`),
    );
  expect(offenders).toEqual([]);
});
