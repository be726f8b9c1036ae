// One way for each worker pattern: a domain is built only where the API is composed (another domain calls its
// exported functions), its commands live in its handlers.ts, and a live read follows the workspace only through
// workers/db/workspace-live.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const workers = join(root, 'workers');

const modules = readdirSync(workers, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts'))
  .map((path) => ({ path: relative(root, join(workers, path)), source: readFileSync(join(workers, path), 'utf8') }));

/** The modules whose source matches `pattern`, except those `allowed`. */
function offenders(pattern: RegExp, allowed: readonly string[]): string[] {
  return modules
    .filter((module) => !allowed.includes(module.path) && pattern.test(module.source))
    .map((module) => module.path)
    .sort();
}

describe('worker patterns', () => {
  it('reads the worker modules', () => {
    expect(modules.map((module) => module.path)).toEqual(
      expect.arrayContaining(['workers/api.ts', 'workers/db/workspace-live.ts']),
    );
  });

  it('builds the domains only in workers/api.ts: a domain reaches another through its exported functions', () => {
    expect(offenders(/(?<!function\s+)\bcreate[A-Z]\w*Domain\(/, ['workers/api.ts'])).toEqual([]);
  });

  it("keeps each domain's commands in its handlers.ts", () => {
    const api = readFileSync(join(workers, 'api.ts'), 'utf8');
    const folders = [...api.matchAll(/import \{ create\w+Domain\b[^}]*\} from '\.\/([a-z-]+)\//g)].map((match) => match[1] ?? '');
    expect(folders).toContain('account');
    expect(folders.filter((folder) => !existsSync(join(workers, folder, 'handlers.ts')))).toEqual([]);
  });

  it("passes every domain entry's types on from workers/api.ts, with no list of type names", () => {
    const api = readFileSync(join(workers, 'api.ts'), 'utf8');
    const entries = [...api.matchAll(/\{ create\w+Domain\b[^}]*\} (?:from|= await import\() ?'(\.\/[a-z-]+\/[a-z-]+\.ts)'/g)].map(
      (match) => match[1] ?? '',
    );
    expect(entries).toEqual(expect.arrayContaining(['./account/domain.ts', './admin/handlers.ts', './sales/handlers.ts']));
    const passedOn = [...api.matchAll(/^export type \* from '([^']+)';$/gm)].map((match) => match[1]);
    expect(entries.filter((entry) => entry !== './account/detached.ts' && !passedOn.includes(entry))).toEqual([]);
    expect(api).not.toMatch(/^export type \{/m);
  });

  it('follows the open workspace only through liveInWorkspace', () => {
    expect(offenders(/workspace\$\s*\.pipe\(\s*(switchMap|map)\(/, ['workers/db/workspace-live.ts'])).toEqual([]);
  });
});
