// /admin/users (?pagina=N&por=20|50|100): the admin's user list, paged on the server, its page in the address.
import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_PAGE_SIZE, type UsersPageSize } from '../../../../workers/admin/schema.ts';
import { AdminUsersPage } from '../../../features/admin/components/AdminUsersPage.tsx';
import { readUsersSearch, usersSearchOf } from '../../../features/admin/users-search.ts';

export const Route = createFileRoute('/_auth/admin/users')({
  validateSearch: readUsersSearch,
  component: UsersRoute,
});

function UsersRoute() {
  const { pagina, por } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onPaging = useCallback(
    (page: number, pageSize: UsersPageSize) => void navigate({ search: usersSearchOf(page, pageSize) }),
    [navigate],
  );
  return <AdminUsersPage page={pagina ?? 1} pageSize={por ?? ADMIN_PAGE_SIZE} onPaging={onPaging} />;
}
