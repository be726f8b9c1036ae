// Which owner screens work while the device receives the owner's data for the first time (docs/growth.md §7):
// selling, adding a product or a client, the account and the devices at once; the product and client lists and
// the search (stock and balances) once the device is ready to sell. Every other screen reads history (figures,
// statements, lists of sales) and waits, saying so, rather than showing zeros or empty lists.
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

/** Screens that read only the catalogue and the counters: exact once the device is ready to sell. */
const WORK_ONCE_READY_TO_SELL: readonly string[] = ['/products', '/clients', '/search'];

/** True when the screen at `pathname` must still wait for the first download (`readyToSell`: phase 1 is over). */
export function waitsForFirstDownload(pathname: string, readyToSell = false): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (WORK_WHILE_DOWNLOADING.includes(path)) return false;
  return !(readyToSell && WORK_ONCE_READY_TO_SELL.includes(path));
}

/** How far the first download is, as a whole percentage (parts that reached the server). */
export function downloadPercent(progress: { collections: number; caughtUp: number }): number {
  if (progress.collections <= 0) return 0;
  return Math.min(100, Math.floor((progress.caughtUp / progress.collections) * 100));
}
