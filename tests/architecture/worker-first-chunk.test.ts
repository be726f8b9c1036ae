// What the data worker's first chunk may hold: only what a signed-out screen and the start-up need. The database
// (RxDB, Dexie), the schema validator (ajv), the sync engine and the peer link's replication load by import() when
// a signed-in owner's workspace opens or a link is made, so a static import that pulls one of them back in fails here.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { importChain, staticImportGraph } from '../support/static-imports.ts';

const root = join(import.meta.dirname, '..', '..');
const WORKER_ENTRY = 'workers/data.worker.ts';

/** Modules kept out of the first chunk, each with why it may wait. */
const DEFERRED: ReadonlyArray<{ readonly module: string; readonly loadsWith: string }> = [
  { module: 'rxdb', loadsWith: 'the workspace (sign-in)' },
  { module: 'rxdb/plugins/storage-dexie', loadsWith: "the workspace's first collection" },
  { module: 'rxdb/plugins/validate-ajv', loadsWith: 'the workspace (the schema check of every write)' },
  { module: 'rxdb/plugins/replication', loadsWith: 'the workspace (the sync with the server)' },
  { module: 'workers/db/local-database.ts', loadsWith: 'the workspace' },
  { module: 'workers/db/open-workspace.ts', loadsWith: 'the workspace' },
  { module: 'workers/sync/engine.ts', loadsWith: 'the workspace' },
  { module: 'workers/peer/replication.ts', loadsWith: 'the first link with another device' },
  { module: 'workers/admin/handlers.ts', loadsWith: "the admin's first call" },
];

describe("the data worker's first chunk", () => {
  const graph = staticImportGraph(root, WORKER_ENTRY);

  it('reaches the domains the first screens call', () => {
    // The walk itself is sound: the account, the dashboard and the workspace's holder are in.
    for (const module of [
      'workers/api.ts',
      'workers/account/domain.ts',
      'workers/dashboard/handlers.ts',
      'workers/db/workspace.ts',
    ])
      expect(graph.has(module), module).toBe(true);
  });

  it.each(DEFERRED)('leaves out $module (it loads with $loadsWith)', ({ module }) => {
    expect(graph.has(module) ? importChain(graph, module).join(' → ') : null).toBeNull();
  });
});
