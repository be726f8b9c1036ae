// The import zones of eslint.config.js really fire: for each zone, a probe module with a forbidden import is
// refused with that zone's message, and one with the allowed imports lints clean.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const tag = `zone-probe-${process.pid}`;
const RULE = '@typescript-eslint/no-restricted-imports';

const MESSAGES = {
  uiOrLib: 'src/ui e src/lib não importam src/features',
  workerInternals: 'A UI não importa o interior do worker',
  workerApiTypes: 'De workers/api.ts a UI importa só tipos',
  otherFeature: 'Uma feature usa outra só pela entrada pública dela',
  contract: 'workers/contract fica sozinho',
  inputSchema: 'Um schema de entrada',
} as const;

interface Probe {
  readonly path: string;
  readonly source: string;
}

/** Probe modules, keyed by name; paths are relative to the repository. */
const probes = {
  uiToFeature: {
    path: `src/ui/${tag}.ts`,
    source: "import { useSyncStatus } from '../features/sync/index.ts';\nexport const probe = useSyncStatus;\n",
  },
  uiAllowed: {
    path: `src/ui/${tag}-ok.ts`,
    source:
      "import { usePageTitle } from './page-title.ts';\nimport { useDataClient } from '../lib/use-data-client.ts';\nexport const probe = [usePageTitle, useDataClient];\n",
  },
  libToFeature: {
    path: `src/lib/${tag}.ts`,
    source: "import { planLabelOf } from '../features/account/index.ts';\nexport const probe = planLabelOf;\n",
  },
  srcToWorkerInternals: {
    path: `src/features/sync/${tag}.ts`,
    source: "import { derivePlan } from '../../../workers/account/plan.ts';\nexport const probe = derivePlan;\n",
  },
  srcToWorkerApiValue: {
    path: `src/features/sync/${tag}-api.ts`,
    source: "import { createDataApi } from '../../../workers/api.ts';\nexport const probe = createDataApi;\n",
  },
  srcToWorkerApiInlineType: {
    path: `src/features/sync/${tag}-inline.ts`,
    source: "import { type DataApi } from '../../../workers/api.ts';\nexport type Probe = DataApi;\n",
  },
  srcToWorkerAllowed: {
    path: `src/features/sync/${tag}-ok.ts`,
    source: [
      "import type { DataApi } from '../../../workers/api.ts';",
      "import { DataError } from '../../../workers/contract/errors.ts';",
      `import { probeInput } from '../../../workers/${tag}-ok/schema.ts';`,
      'export type Probe = DataApi;',
      'export const probe = [DataError, probeInput] as const;',
      '',
    ].join('\n'),
  },
  featureToFeatureInternals: {
    path: `src/features/shell/components/${tag}.ts`,
    source: "import { syncNow } from '../../sync/sync-now.ts';\nexport const probe = syncNow;\n",
  },
  featureToFeatureComponent: {
    path: `src/features/shell/${tag}.ts`,
    source: "import { SyncIndicator } from '../sync/components/SyncIndicator.tsx';\nexport const probe = SyncIndicator;\n",
  },
  featureAllowed: {
    path: `src/features/shell/components/${tag}-ok.ts`,
    source: [
      "import { useSyncStatus } from '../../sync/index.ts';",
      "import { useSignedInAccount } from '../../account/index.ts';",
      "import { offlineMessageFor } from '../offline-message.ts';",
      "import { OwnerShell } from './OwnerShell.tsx';",
      "import { t } from '../../../i18n/pt-BR.ts';",
      'export const probe = [useSyncStatus, useSignedInAccount, offlineMessageFor, OwnerShell, t] as const;',
      '',
    ].join('\n'),
  },
  featureRootAllowed: {
    path: `src/features/shell/${tag}-ok.ts`,
    source:
      "import { useSyncStatus } from '../sync/index.ts';\nimport { offlineMessageFor } from './offline-message.ts';\nexport const probe = [useSyncStatus, offlineMessageFor] as const;\n",
  },
  contractToWorker: {
    path: `workers/contract/${tag}.ts`,
    source: "import { createLiveRegistry } from '../live/registry.ts';\nexport const probe = createLiveRegistry;\n",
  },
  contractAllowed: {
    path: `workers/contract/${tag}-ok.ts`,
    source:
      "import { DataError } from './errors.ts';\nimport type { LiveUpdate } from './live.ts';\nexport type Probe = LiveUpdate<number>;\nexport const probe = DataError;\n",
  },
  inputSchemaToWorker: {
    path: `workers/${tag}/schema.ts`,
    source:
      "import * as v from 'valibot';\nimport { derivePlan } from '../account/plan.ts';\nexport const probeInput = v.object({ nome: v.string() });\nexport const plan = derivePlan;\n",
  },
  inputSchemaAllowed: {
    path: `workers/${tag}-ok/schema.ts`,
    source:
      "import * as v from 'valibot';\nimport { DataError } from '../contract/errors.ts';\nexport const probeInput = v.object({ nome: v.string() });\nexport const failure = DataError;\n",
  },
} satisfies Record<string, Probe>;

type ProbeName = keyof typeof probes;
const lint = new Map<ProbeName, string[]>();

beforeAll(async () => {
  const names = Object.keys(probes) as ProbeName[];
  try {
    for (const name of names) {
      const file = join(root, probes[name].path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, probes[name].source);
    }
    const results = await new ESLint({ cwd: root }).lintFiles(names.map((name) => join(root, probes[name].path)));
    for (const name of names) {
      const result = results.find((entry) => entry.filePath === join(root, probes[name].path));
      lint.set(
        name,
        (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`),
      );
    }
  } finally {
    removeProbes();
  }
});

afterAll(removeProbes);

function removeProbes(): void {
  for (const probe of Object.values(probes)) rmSync(join(root, probe.path), { force: true });
  rmSync(join(root, 'workers', tag), { recursive: true, force: true });
  rmSync(join(root, 'workers', `${tag}-ok`), { recursive: true, force: true });
}

function messagesOf(name: ProbeName): string[] {
  const messages = lint.get(name);
  if (!messages) throw new Error(`probe ${name} was not linted`);
  return messages;
}

function expectZone(name: ProbeName, message: string): void {
  expect(messagesOf(name).filter((line) => line.startsWith(`${RULE}: `) && line.includes(message))).not.toEqual([]);
}

describe('import zones', () => {
  it('src/ui does not import src/features', () => {
    expectZone('uiToFeature', MESSAGES.uiOrLib);
    expect(messagesOf('uiAllowed')).toEqual([]);
  });

  it('src/lib does not import src/features', () => {
    expectZone('libToFeature', MESSAGES.uiOrLib);
  });

  it('src imports no worker internals, only workers/api.ts types, the contract and the input schemas', () => {
    expectZone('srcToWorkerInternals', MESSAGES.workerInternals);
    expectZone('srcToWorkerApiValue', MESSAGES.workerApiTypes);
    expect(messagesOf('srcToWorkerAllowed')).toEqual([]);
  });

  it('a type from workers/api.ts is imported with `import type` (an inline `type` would still load the module)', () => {
    expect(
      messagesOf('srcToWorkerApiInlineType').some((line) => line.startsWith('@typescript-eslint/no-import-type-side-effects')),
    ).toBe(true);
  });

  it("a feature reaches another only through that feature's index.ts", () => {
    expectZone('featureToFeatureInternals', MESSAGES.otherFeature);
    expectZone('featureToFeatureComponent', MESSAGES.otherFeature);
    expect(messagesOf('featureAllowed')).toEqual([]);
    expect(messagesOf('featureRootAllowed')).toEqual([]);
  });

  it('workers/contract imports no other worker module', () => {
    expectZone('contractToWorker', MESSAGES.contract);
    expect(messagesOf('contractAllowed')).toEqual([]);
  });

  it('an input schema imports only valibot, the contract and schemas/', () => {
    expectZone('inputSchemaToWorker', MESSAGES.inputSchema);
    expect(messagesOf('inputSchemaAllowed')).toEqual([]);
  });
});
