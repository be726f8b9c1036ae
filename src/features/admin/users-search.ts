// /admin/users' address: the page and the page size in the search params (?pagina=3&por=50), so a reload, the back
// button or a shared link opens the same page; anything else there is dropped.
import { ADMIN_PAGE_SIZE, USERS_PAGE_SIZES, type UsersPageSize } from '../../../workers/admin/schema.ts';

export interface UsersSearch {
  readonly pagina?: number;
  readonly por?: UsersPageSize;
}

const wholeNumber = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(number) ? number : null;
};

export function readUsersSearch(search: Record<string, unknown>): UsersSearch {
  const page = wholeNumber(search.pagina);
  const size = USERS_PAGE_SIZES.find((option) => option === wholeNumber(search.por));
  return {
    ...(page !== null && page > 1 ? { pagina: page } : {}),
    ...(size !== undefined && size !== ADMIN_PAGE_SIZE ? { por: size } : {}),
  };
}

/** The address of a page: the first page and the spec's ten per page are left out. */
export function usersSearchOf(page: number, pageSize: UsersPageSize): UsersSearch {
  return readUsersSearch({ pagina: page, por: pageSize });
}
