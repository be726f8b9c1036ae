// Whether this browser has seen an owner's first download finish (localStorage): a warm start then opens a history
// screen at once, its figures shown as loading until the worker has them, instead of waiting for the sync engine to
// start only to learn that no download is running.
const STORAGE_KEY = 'caderneta.primeiro-download-concluido.v1';

export function firstDownloadSeen(userId: string, storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(STORAGE_KEY) === userId;
  } catch {
    return false;
  }
}

export function rememberFirstDownloadSeen(userId: string, storage: Storage | undefined): void {
  try {
    storage?.setItem(STORAGE_KEY, userId);
  } catch {
    // Refused: the next start waits for the sync engine, as before.
  }
}
