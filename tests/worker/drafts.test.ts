// Form drafts kept across reloads (docs/product.md §4 product_draft): a Y.Doc per owner and draft name in an injectable
// store (IndexedDB in the browser, memory here); a second API on the same store stands for the reloaded page.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { BehaviorSubject } from 'rxjs';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataApiParts } from '../../workers/api.ts';
import type { OwnerSession } from '../../workers/db/workspace.ts';
import { memoryDraftPersistence, type DraftPersistence } from '../../workers/drafts/persistence.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';

const client = createClient('http://127.0.0.1:9', 'anon', {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as never },
});
// One device database open at a time (as one page is): the previous one closes before the next opens.
let closeOpened: () => Promise<void> = () => Promise.resolve();
afterEach(async () => {
  await closeOpened();
});

async function openApi(userId: string, draftPersistence: DraftPersistence) {
  await closeOpened();
  const parts = createDataApiParts({
    appVersion: 'teste',
    connectivity: createManualConnectivity(false),
    draftPersistence,
    ownerData: {
      storage: getRxStorageMemory(),
      multiInstance: false,
      namePrefix: `rascunhos-${randomUUID().slice(0, 8)}`,
      serverUrl: 'http://127.0.0.1:9',
      deviceId: 'balcao',
      realtime: false,
      session$: new BehaviorSubject<OwnerSession | null>({ userId, client }),
    },
  });
  const workspace = await parts.workspace.current();
  closeOpened = async () => {
    closeOpened = () => Promise.resolve();
    await workspace.close();
  };
  return parts.api;
}

describe('drafts', () => {
  it('keeps a draft across a reload, per owner, until it is cleared', async () => {
    const store = memoryDraftPersistence();
    const owner = randomUUID();
    const first = await openApi(owner, store);
    expect(await first.drafts.get('product_draft')).toBeNull();
    await first.drafts.put('product_draft', { nome: 'Feijão', preco: '8,50' });
    await first.drafts.put('product_draft', { nome: 'Feijão Carioca', preco: '8,50', unidade: 'kg' });

    const reloaded = await openApi(owner, store);
    expect(await reloaded.drafts.get('product_draft')).toEqual({ nome: 'Feijão Carioca', preco: '8,50', unidade: 'kg' });
    const other = await openApi(randomUUID(), store);
    expect(await other.drafts.get('product_draft')).toBeNull();

    await reloaded.drafts.put('product_draft', { nome: 'Arroz' });
    expect(await reloaded.drafts.get('product_draft')).toEqual({ nome: 'Arroz' });
    await reloaded.drafts.clear('product_draft');
    expect(await reloaded.drafts.get('product_draft')).toBeNull();
    const again = await openApi(owner, store);
    expect(await again.drafts.get('product_draft')).toBeNull();

    // After a save the form starts over: the next product's draft is kept across a reload too.
    await again.drafts.put('product_draft', { nome: 'Açúcar' });
    await again.drafts.clear('product_draft');
    await again.drafts.put('product_draft', { nome: 'Sal' });
    const afterSave = await openApi(owner, store);
    expect(await afterSave.drafts.get('product_draft')).toEqual({ nome: 'Sal' });
  });

  it('follows the draft live', async () => {
    const api = await openApi(randomUUID(), memoryDraftPersistence());
    const values: unknown[] = [];
    const id = api.live.subscribe('draft', { name: 'product_draft' }, (update) => {
      values.push(update.status === 'ok' ? update.value : update.error.code);
    });
    await api.drafts.put('product_draft', { nome: 'Café' });
    await api.drafts.clear('product_draft');
    api.live.unsubscribe(id);
    expect(values).toEqual([null, { nome: 'Café' }, null]);
  });

  it('refuses a blank draft name and a value that is not text', async () => {
    const api = await openApi(randomUUID(), memoryDraftPersistence());
    await expect(api.drafts.get('  ')).rejects.toBeInstanceOf(DataError);
    await expect(api.drafts.put('product_draft', { nome: 5 } as unknown as Record<string, string>)).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });
});
