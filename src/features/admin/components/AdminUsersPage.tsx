// /admin/users (spec 2 §2): the total, a search by name, email or market, the filters (inline on a desktop, in a
// dialog with 'Aplicar' on a phone), pages of 10 asked from the server with 'Página X de Y', and each user's card.
import { useEffect, useState } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import type { AdminUserRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormDialog } from '../../../ui/Dialogs.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useAdminUsers } from '../queries.ts';
import { activeFilterCount, NO_FILTERS, toUsersQuery, type UserFilterValues } from '../user-filters.ts';
import { EditUserDialog } from './EditUserDialog.tsx';
import { LoadError } from './LoadError.tsx';
import { PageNav } from './PageNav.tsx';
import { SkeletonBlock, SkeletonCards } from './Skeleton.tsx';
import { UserCard } from './UserCard.tsx';
import { UserFilters } from './UserFilters.tsx';

const copy = t.admin.users;
/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;

export function AdminUsersPage() {
  usePageTitle(t.pages.adminUsers);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<UserFilterValues>(NO_FILTERS);
  const [draft, setDraft] = useState<UserFilterValues>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed]);

  const users = useAdminUsers(toUsersQuery(filters, search, page));
  const applyFilters = (next: UserFilterValues) => {
    setFilters(next);
    setPage(1);
  };
  const shown = users.data;
  const active = activeFilterCount(filters);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="page-title" className="text-2xl font-bold text-brand-900">
          {t.pages.adminUsers}
        </h1>
        {shown ? <p className="text-ink/70">{copy.total(shown.total)}</p> : <SkeletonBlock className="h-5 w-24" />}
      </div>

      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink/50" />
          <input
            type="search"
            aria-label={copy.searchLabel}
            placeholder={copy.searchPlaceholder}
            className={`${inputClass} border-ink/20 pl-10`}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
            }}
          />
        </div>
        <FormDialog
          open={filtersOpen}
          onOpenChange={(open) => {
            if (open) setDraft(filters);
            setFiltersOpen(open);
          }}
          trigger={
            <Button variant="secondary" className="shrink-0 md:hidden">
              <SlidersHorizontal aria-hidden size={18} />
              {active > 0 ? `${copy.filters} (${String(active)})` : copy.filters}
            </Button>
          }
          title={copy.filters}
          closeLabel={copy.close}
        >
          <UserFilters value={draft} onChange={setDraft} className="mt-4" />
          <Button
            className="mt-5 w-full"
            onClick={() => {
              applyFilters(draft);
              setFiltersOpen(false);
            }}
          >
            {copy.apply}
          </Button>
        </FormDialog>
      </div>
      <div className="hidden md:block">
        <UserFilters value={filters} onChange={applyFilters} className="md:grid-cols-3" />
      </div>

      {users.isPending ? (
        <SkeletonCards count={4} className="h-48" grid="flex flex-col gap-3" />
      ) : users.isError && !shown ? (
        <LoadError title={copy.loadError} error={users.error} onRetry={() => void users.refetch()} />
      ) : shown && shown.rows.length === 0 ? (
        <div role="status" className="rounded-2xl border border-dashed border-brand-100 bg-white p-8 text-center">
          <p className="font-semibold">{copy.empty}</p>
          {search === '' && active === 0 ? <p className="mt-2 text-sm text-ink/70">{copy.debugNotice}</p> : null}
        </div>
      ) : shown ? (
        <>
          <ul aria-busy={users.isFetching || undefined} className="flex flex-col gap-3">
            {shown.rows.map((user) => (
              <UserCard key={user.id} user={user} onEdit={setEditing} />
            ))}
          </ul>
          <PageNav page={shown.page} pages={shown.pages} busy={users.isFetching} onPage={setPage} />
        </>
      ) : null}
      <EditUserDialog
        user={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
    </section>
  );
}
