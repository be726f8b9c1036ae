// The admin users page's rules without a browser: the filter selects as the worker's query, the count of active
// filters, and the admin reads' retry policy (3 retries while online, none offline or when refused).
import { describe, expect, it } from 'vitest';
import { DataError } from '../../workers/contract/errors.ts';
import { ADMIN_RETRIES, ADMIN_STALE_MS, shouldRetryAdminRead } from '../../src/features/admin/queries.ts';
import { activeFilterCount, NO_FILTERS, toUsersQuery } from '../../src/features/admin/user-filters.ts';

describe('admin users filters', () => {
  it('all filters off: only the search, the sort and the page', () => {
    expect(toUsersQuery(NO_FILTERS, '  ana ', 1)).toEqual({
      search: 'ana',
      plan: null,
      status: null,
      confirmed: null,
      inactiveDays: null,
      sort: 'plan_desc',
      page: 1,
    });
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
  });

  it('each select as the worker takes it', () => {
    const filters = { plan: 'premium', status: 'suspenso', confirmed: 'no', inactiveDays: '90', sort: 'plan_asc' } as const;
    expect(toUsersQuery(filters, '', 3)).toEqual({
      search: '',
      plan: 'premium',
      status: 'suspenso',
      confirmed: false,
      inactiveDays: 90,
      sort: 'plan_asc',
      page: 3,
    });
    expect(toUsersQuery({ ...NO_FILTERS, confirmed: 'yes' }, '', 1).confirmed).toBe(true);
    expect(activeFilterCount(filters)).toBe(4);
    expect(activeFilterCount({ ...NO_FILTERS, sort: 'plan_asc' })).toBe(0);
  });
});

describe('admin reads retry policy', () => {
  it('fresh for 5 minutes; up to 3 retries of a failure a retry may mend', () => {
    expect(ADMIN_STALE_MS).toBe(300_000);
    expect(ADMIN_RETRIES).toBe(3);
    const internal = new DataError('internal');
    expect([0, 1, 2].map((count) => shouldRetryAdminRead(count, internal))).toEqual([true, true, true]);
    expect(shouldRetryAdminRead(3, internal)).toBe(false);
  });

  it('never retries offline, refused or invalid reads (also as they arrive from the worker, serialized)', () => {
    for (const code of ['offline', 'forbidden', 'invalid_input'] as const) {
      expect(shouldRetryAdminRead(0, new DataError(code))).toBe(false);
      expect(shouldRetryAdminRead(0, new DataError(code).toJSON())).toBe(false);
    }
  });
});
