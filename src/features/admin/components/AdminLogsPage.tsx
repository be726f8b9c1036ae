// /admin/logs (docs/product.md §2): administrative or security log, a search, 20 entries a page from the server; each
// entry with its action, target badge (or Bloqueado / Monitorado), time with seconds, short id, IP and JSON details.
import { clsx } from 'clsx';
import type { AdminLogRow } from '../../../../workers/api.ts';
import type { LogKind } from '../../../../workers/admin/schema.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useAdminLogs } from '../queries.ts';
import { ListCount, ListSearchBox, ListStates, useListSearch } from './AdminListLayout.tsx';
import { logActionLabel } from '../log-labels.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.admin.logs;
const targets = t.admin.dashboard.targets;
const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

/** dd/MM/yyyy HH:mm:ss in the device's time zone. */
function withSeconds(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });
}

function LogEntry({ entry }: { entry: AdminLogRow }) {
  const badge =
    entry.blocked === null ? (
      entry.targetType ? (
        <span className={clsx(BADGE, 'bg-brand-50 text-brand-700')}>{targets[entry.targetType] ?? entry.targetType}</span>
      ) : null
    ) : (
      <span className={clsx(BADGE, entry.blocked ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900')}>
        {entry.blocked ? copy.blocked : copy.watched}
      </span>
    );
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 break-words font-semibold text-brand-900">{logActionLabel(entry.action)}</h2>
        {badge}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <dt className="sr-only">{copy.when}</dt>
          <dd>
            <time dateTime={entry.createdAt}>{withSeconds(entry.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="inline text-ink/60">{copy.actor}: </dt>
          <dd className="inline font-mono">{entry.actorId ? entry.actorId.slice(-8) : copy.noIp}</dd>
        </div>
        <div>
          <dt className="inline text-ink/60">{copy.ip}: </dt>
          <dd className="inline break-all font-mono">{entry.ip ?? copy.noIp}</dd>
        </div>
      </dl>
      {entry.details === null || entry.details === undefined ? null : (
        <details className="min-w-0">
          <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-brand-700">{copy.details}</summary>
          <pre className="max-h-64 overflow-auto rounded-xl bg-paper p-3 text-xs">{JSON.stringify(entry.details, null, 2)}</pre>
        </details>
      )}
    </li>
  );
}

export function AdminLogsPage() {
  usePageTitle(t.pages.adminLogs);
  const { typed, setTyped, search, filters: kind, applyFilters: setKind, page, setPage } = useListSearch<LogKind>('admin');
  const logs = useAdminLogs({ kind, search: search.trim(), page });
  const shown = logs.data?.kind === kind ? logs.data : undefined;

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <PageHeader title={t.pages.adminLogs}>
        <ListCount text={shown ? copy.total(shown.total) : undefined} />
      </PageHeader>
      <div role="radiogroup" aria-label={copy.kinds} className="grid grid-cols-2 gap-1 rounded-xl bg-brand-50 p-1 sm:w-96">
        {(['admin', 'security'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={kind === option}
            onClick={() => {
              setKind(option);
            }}
            className={clsx(
              'min-h-11 rounded-lg px-3 font-semibold',
              kind === option ? 'bg-white text-brand-900 shadow-sm' : 'text-brand-700 hover:bg-white/60',
            )}
          >
            {option === 'admin' ? copy.admin : copy.security}
          </button>
        ))}
      </div>
      <ListSearchBox label={copy.searchLabel} placeholder={copy.searchPlaceholder} value={typed} onChange={setTyped} />
      <ListStates
        query={logs}
        shown={shown}
        skeleton={{ count: 5, className: 'h-28' }}
        loadError={copy.loadError}
        empty={{ text: copy.empty }}
        onPage={setPage}
      >
        {(entry) => <LogEntry key={entry.id} entry={entry} />}
      </ListStates>
    </section>
  );
}
