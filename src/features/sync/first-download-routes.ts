// Which owner screens work while the device receives the owner's data for the first time: selling, adding a
// product or a client, the account and the devices. Every other screen reads history (figures, balances,
// stock, lists) and waits, saying so, rather than showing zeros or empty lists.
const WORK_WHILE_DOWNLOADING: readonly string[] = [
  '/sales',
  '/sales/weighted',
  '/products/new',
  '/clients/new',
  '/account',
  '/aparelhos',
  '/more',
  '/upgrade',
];

/** True when the screen at `pathname` shows history and must wait for the first download. */
export function waitsForFirstDownload(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !WORK_WHILE_DOWNLOADING.includes(path);
}

/** How far the first download is, as a whole percentage (collections that reached the server). */
export function downloadPercent(progress: { collections: number; caughtUp: number }): number {
  if (progress.collections <= 0) return 0;
  return Math.min(100, Math.floor((progress.caughtUp / progress.collections) * 100));
}
