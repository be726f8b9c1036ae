// Stands in for a screen that reads history while this device receives the owner's data for the first time:
// 'Baixando seus dados…' with its progress, instead of zeros, empty lists or 'não encontrado'. Selling works
// meanwhile, under a line saying the download runs until the device is ready to sell (docs/growth.md §7).
import { useEffect, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { SkeletonCards } from '../../../ui/DataStates.tsx';
import { useSignedInAccount } from '../../account/index.ts';
import { downloadPercent, waitsForFirstDownload } from '../first-download-routes.ts';
import { firstDownloadSeen, rememberFirstDownloadSeen } from '../first-download-seen.ts';
import { useSyncStatus } from '../use-sync-status.ts';

const copy = t.sync;

export function FirstDownloadGate({ children }: { children: ReactNode }) {
  const { download, known } = useSyncStatus();
  // The screen on display: during a navigation the location already names the next one while the previous one
  // is still rendered, and that one must not slip out from behind the gate.
  const pathname = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname });
  const connectivity = useLiveQuery('connectivity', undefined);
  const owner = useSignedInAccount().user.id;
  const noDownload = known && !download;
  useEffect(() => {
    if (noDownload) rememberFirstDownloadSeen(owner, window.localStorage);
  }, [noDownload, owner]);
  const gated = waitsForFirstDownload(pathname, download?.readyToSell ?? true);
  // Until the worker says whether a download is running, the screen's own figures could be a download's zeros.
  // A warm start of an owner whose first download this browser saw finish: the screen opens at once, its figures
  // loading (never a download's zeros: its data is on the device).
  if (gated && !known && !firstDownloadSeen(owner, window.localStorage)) {
    return <SkeletonCards count={3} className="h-24" grid="flex flex-col gap-3 p-4" />;
  }
  if (!gated || !known || !download) {
    // Selling works meanwhile; the lists on the screen fill in as the data arrives, and the owner is told so. The
    // screen keeps its place in the tree with or without the line: what was typed, chosen or awaited on it stays.
    const banner =
      !gated && download && !download.readyToSell ? (
        <p role="status" className="bg-brand-50 px-4 py-2 text-center text-sm font-medium text-brand-900">
          {copy.downloading} {downloadPercent(download)}%
        </p>
      ) : null;
    return (
      <>
        {banner}
        {children}
      </>
    );
  }
  const percent = downloadPercent(download);
  const offline = connectivity.status === 'ok' && !connectivity.data.online;
  return (
    <section role="status" aria-live="polite" className="mx-auto flex max-w-md flex-col gap-4 p-6">
      <div className="flex items-center gap-3">
        <Download aria-hidden className="shrink-0 text-brand-700" />
        <h1 className="text-xl font-semibold text-ink">{copy.downloading}</h1>
      </div>
      <p className="text-ink/80">{copy.downloadingHint}</p>
      <div
        role="progressbar"
        aria-label={copy.downloadProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${Math.max(percent, 4)}%` }} />
      </div>
      <p className="text-sm text-ink/70">
        {percent}% · {copy.downloadReceived(download.received)}
      </p>
      {offline ? <p className="text-sm font-medium text-amber-900">{copy.downloadingOffline}</p> : null}
      <Link to="/sales" className={buttonClass('primary', 'self-start')}>
        {copy.goSell}
      </Link>
    </section>
  );
}
