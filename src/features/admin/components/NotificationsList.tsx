// The 'Listar Notificações' tab (docs/product.md §2): filters by type and read status, every owner's notifications a page
// at a time from the server with the total, newest first; skeleton, empty and error states.
import { useId, useState } from 'react';
import type { NotificationType, ReadFilter } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { useAdminNotifications } from '../notifications-queries.ts';
import { isNotificationType, SENDABLE_TYPES, SYSTEM_TYPES } from '../notification-rules.ts';
import { LoadError, SkeletonBlock, SkeletonCards } from '../../../ui/DataStates.tsx';
import { NotificationsItem } from './NotificationsItem.tsx';
import { PageNav } from './PageNav.tsx';

const copy = t.adminNotifications;
const SELECT =
  'block min-h-11 w-full rounded-xl border border-ink/20 bg-white px-3 text-base text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400';
const READ_FILTERS: readonly ReadFilter[] = ['all', 'read', 'unread'];

export function NotificationsList() {
  const typeId = useId();
  const readId = useId();
  const [tipo, setTipo] = useState<NotificationType | null>(null);
  const [read, setRead] = useState<ReadFilter>('all');
  const [page, setPage] = useState(1);
  const list = useAdminNotifications({ tipo, read, page });
  const shown = list.data;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {shown ? (
          <p className="text-ink/70" aria-live="polite">
            {copy.total(shown.total)}
          </p>
        ) : list.isError ? null : (
          <SkeletonBlock className="h-5 w-32" />
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={typeId} className="mb-1 block text-sm font-medium text-ink">
            {copy.typeFilter}
          </label>
          <select
            id={typeId}
            className={SELECT}
            value={tipo ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              setTipo(isNotificationType(value) ? value : null);
              setPage(1);
            }}
          >
            <option value="">{copy.allTypes}</option>
            <optgroup label={copy.sendableGroup}>
              {SENDABLE_TYPES.map((option) => (
                <option key={option} value={option}>
                  {copy.types[option]}
                </option>
              ))}
            </optgroup>
            <optgroup label={copy.systemGroup}>
              {SYSTEM_TYPES.map((option) => (
                <option key={option} value={option}>
                  {copy.types[option]}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div>
          <label htmlFor={readId} className="mb-1 block text-sm font-medium text-ink">
            {copy.readFilter}
          </label>
          <select
            id={readId}
            className={SELECT}
            value={read}
            onChange={(event) => {
              const value = READ_FILTERS.find((option) => option === event.target.value) ?? 'all';
              setRead(value);
              setPage(1);
            }}
          >
            {READ_FILTERS.map((option) => (
              <option key={option} value={option}>
                {copy.readOptions[option]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isError && !shown ? (
        <LoadError title={copy.loadError} error={list.error} onRetry={() => void list.refetch()} />
      ) : !shown ? (
        <SkeletonCards count={4} className="h-36" grid="flex flex-col gap-3" />
      ) : shown.rows.length === 0 ? (
        <p role="status" className="rounded-2xl border border-dashed border-brand-100 bg-white p-8 text-center font-semibold">
          {copy.empty}
        </p>
      ) : (
        <>
          <ul aria-busy={list.isFetching || undefined} className="flex flex-col gap-3">
            {shown.rows.map((row) => (
              <NotificationsItem key={row.id} row={row} />
            ))}
          </ul>
          <PageNav page={shown.page} pages={shown.pages} busy={list.isFetching} onPage={setPage} />
        </>
      )}
    </div>
  );
}
