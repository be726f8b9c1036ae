// The users page's filter values as the selects hold them ('' = all) and as the worker's query takes them.
import {
  INACTIVITY_DAYS,
  type PlanSort,
  type UserPlan,
  type UsersQuery,
  type UserStatus,
} from '../../../workers/admin/schema.ts';

export interface UserFilterValues {
  readonly plan: '' | UserPlan;
  readonly status: '' | UserStatus;
  readonly confirmed: '' | 'yes' | 'no';
  readonly inactiveDays: '' | `${(typeof INACTIVITY_DAYS)[number]}`;
  readonly sort: PlanSort;
}

export const NO_FILTERS: UserFilterValues = { plan: '', status: '', confirmed: '', inactiveDays: '', sort: 'plan_desc' };

export function toUsersQuery(filters: UserFilterValues, search: string, page: number): UsersQuery {
  const days = INACTIVITY_DAYS.find((value) => String(value) === filters.inactiveDays) ?? null;
  return {
    search: search.trim(),
    plan: filters.plan === '' ? null : filters.plan,
    status: filters.status === '' ? null : filters.status,
    confirmed: filters.confirmed === '' ? null : filters.confirmed === 'yes',
    inactiveDays: days,
    sort: filters.sort,
    page,
  };
}

/** How many filters differ from 'all' (the sort is not a filter). */
export function activeFilterCount(filters: UserFilterValues): number {
  return [filters.plan, filters.status, filters.confirmed, filters.inactiveDays].filter((value) => value !== '').length;
}
