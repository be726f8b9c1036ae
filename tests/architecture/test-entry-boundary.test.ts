// The lint rule that keeps the sync engine's test entry (and the internals registry behind it) out of the
// app really fires under workers/ and src/, and lets tests use it.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const RULE = 'test-only/no-restricted-imports';

/** Lints `source` as a module in `folder` (relative to the repository) and returns the rules that fired. */
async function firedRules(folder: string, source: string): Promise<string[]> {
  const probe = join(root, folder, `test-entry-probe-${process.pid}.ts`);
  writeFileSync(probe, source);
  try {
    const [result] = await new ESLint({ cwd: root }).lintFiles([probe]);
    return (result?.messages ?? []).map((message) => message.ruleId ?? 'parse');
  } finally {
    rmSync(probe, { force: true });
  }
}

const useTestEntry = (from: string) =>
  `import { syncInternals } from '${from}testing.ts';\nexport const internals = syncInternals;\n`;
const useRegistry = (from: string) =>
  `import { internalsOf } from '${from}internals.ts';\nexport const internals = internalsOf;\n`;

describe('sync test entry rule', () => {
  const forbidden: Record<string, [folder: string, source: string]> = {
    'the test entry from src/': ['src/lib', useTestEntry('../../workers/sync/')],
    'the test entry from workers/': ['workers', useTestEntry('./sync/')],
    'the test entry from a sibling in workers/sync': ['workers/sync', useTestEntry('./')],
    'the internals registry from src/': ['src/lib', useRegistry('../../workers/sync/')],
    'the internals registry from workers/': ['workers', useRegistry('./sync/')],
    'the internals registry from a sibling in workers/sync': ['workers/sync', useRegistry('./')],
  };
  for (const [name, [folder, source]] of Object.entries(forbidden)) {
    it(`rejects importing ${name}`, async () => {
      expect(await firedRules(folder, source)).toContain(RULE);
    });
  }

  it('lets tests import the test entry', async () => {
    expect(await firedRules('tests/sync/support', useTestEntry('../../../workers/sync/'))).toEqual([]);
  });

  it('passes the engine (which fills the registry) and the test entry (which reads it)', async () => {
    const results = await new ESLint({ cwd: root }).lintFiles([
      join(root, 'workers/sync/engine.ts'),
      join(root, 'workers/sync/testing.ts'),
    ]);
    expect(results.flatMap((result) => result.messages.map((message) => message.ruleId))).not.toContain(RULE);
  });
});
