// /admin/users (docs/product.md §2): the total, a search by name, email or market, the filters (inline on a desktop, in a
// dialog with 'Aplicar' on a phone), pages of 10 (or 20, 50, 100) asked from the server with 'Página X de Y' and
// 'Ir para a página', the page kept in the address by the route, and each user's card.
import { useCallback, useState } from 'react';
import { USERS_PAGE_SIZES, type UsersPageSize } from '../../../../workers/admin/schema.ts';
import type { AdminUserRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useSignedInAccount } from '../../account/index.ts';
import { useAdminUsers } from '../queries.ts';
import { activeFilterCount, NO_FILTERS, toUsersQuery, type UserFilterValues } from '../user-filters.ts';
import { ListCount, ListSearchFilters, ListStates, useListSearch } from './AdminListLayout.tsx';
import { EditUserDialog } from './EditUserDialog.tsx';
import { PageJump } from './PageJump.tsx';
import { UserCard } from './UserCard.tsx';
import { UserFilters } from './UserFilters.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.admin.users;

export function AdminUsersPage({
  page,
  pageSize,
  onPaging,
}: {
  page: number;
  pageSize: UsersPageSize;
  /** Another page or page size asked (the route puts it in the address). */
  onPaging: (page: number, pageSize: UsersPageSize) => void;
}) {
  usePageTitle(t.pages.adminUsers);
  const setPage = useCallback(
    (next: number) => {
      onPaging(next, pageSize);
    },
    [onPaging, pageSize],
  );
  const { typed, setTyped, search, filters, applyFilters } = useListSearch<UserFilterValues>(NO_FILTERS, undefined, {
    page,
    setPage,
  });
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const selfId = useSignedInAccount().user.id;

  const users = useAdminUsers({ ...toUsersQuery(filters, search, page), pageSize });
  const shown = users.data;
  const active = activeFilterCount(filters);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <PageHeader title={t.pages.adminUsers}>
        <ListCount text={shown ? copy.total(shown.total) : undefined} />
      </PageHeader>

      <ListSearchFilters
        copy={copy}
        typed={typed}
        onType={setTyped}
        value={filters}
        onApply={applyFilters}
        active={active}
        columns="md:grid-cols-3"
        fields={(value, onChange, className) => <UserFilters value={value} onChange={onChange} className={className} />}
      />

      <ListStates
        query={users}
        shown={shown}
        skeleton={{ count: 4, className: 'h-48' }}
        loadError={copy.loadError}
        empty={{
          text: copy.empty,
          extra: search === '' && active === 0 ? <p className="mt-2 text-sm text-ink/70">{copy.debugNotice}</p> : null,
        }}
        onPage={setPage}
      >
        {(user) => <UserCard key={user.id} user={user} isSelf={user.id === selfId} onEdit={setEditing} />}
      </ListStates>
      {shown && shown.rows.length > 0 ? (
        <PageJump
          page={shown.page}
          pages={shown.pages}
          pageSize={pageSize}
          sizes={USERS_PAGE_SIZES}
          busy={users.isFetching}
          onPage={setPage}
          onPageSize={(size) => {
            onPaging(1, size);
          }}
        />
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
