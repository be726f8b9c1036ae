// Asks the browser to keep this origin's data (the owner's unsynced sales) under storage pressure, once the
// owner is signed in: navigator.storage.persist() exists for pages only, not for the data worker.
import { useEffect } from 'react';
import { useLiveQuery } from '../../lib/live-query.ts';

/** Owners already asked for in this page (a refusal is the browser's answer; asking again will not change it). */
const asked = new Set<string>();

async function requestPersistentStorage(): Promise<void> {
  // Older browsers and non-secure origins lack the API.
  const storage: Partial<StorageManager> | undefined = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist || !storage.persisted) return;
  if (await storage.persisted()) return;
  await storage.persist();
}

export function usePersistentStorage(): void {
  const account = useLiveQuery('account', undefined);
  const userId = account.status === 'ok' && account.data.status === 'signed_in' ? account.data.user.id : null;
  useEffect(() => {
    if (userId === null || asked.has(userId)) return;
    asked.add(userId);
    void requestPersistentStorage().catch(() => undefined);
  }, [userId]);
}
