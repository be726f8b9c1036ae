// The admin area's online reads through react-query: fresh for 5 minutes, up to 3 retries while online and none
// when the worker says the device is offline or the server refused (docs/product.md §9); the worker does the fetching.
import { keepPreviousData, QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LogsQuery, UsersQuery } from '../../../workers/admin/schema.ts';
import { DataError } from '../../../workers/contract/errors.ts';
import { useDataClient } from '../../lib/use-data-client.ts';

/** Admin data cache freshness (docs/product.md §9). */
export const ADMIN_STALE_MS = 5 * 60_000;
export const ADMIN_RETRIES = 3;

/** Failures a retry cannot mend: no connection, not an admin, a bad filter. */
const FINAL_CODES = new Set(['offline', 'forbidden', 'invalid_input', 'not_signed_in']);

export function shouldRetryAdminRead(failureCount: number, error: unknown): boolean {
  if (FINAL_CODES.has(DataError.from(error).code)) return false;
  return failureCount < ADMIN_RETRIES;
}

export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: ADMIN_STALE_MS, retry: shouldRetryAdminRead, refetchOnWindowFocus: false },
    },
  });
}

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  users: (query: UsersQuery) => ['admin', 'users', query] as const,
};

export function useAdminDashboard() {
  const data = useDataClient();
  return useQuery({ queryKey: adminKeys.dashboard, queryFn: () => data.admin.dashboard() });
}

export function useAdminUsers(query: UsersQuery) {
  const data = useDataClient();
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: () => data.admin.usersPage(query),
    placeholderData: keepPreviousData,
  });
}

/** After a write: every admin read is stale (the dashboard's counters follow a plan change too). */
export function useInvalidateAdmin(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminKeys.all });
}

export function useAdminLogs(query: LogsQuery) {
  const data = useDataClient();
  return useQuery({
    queryKey: ['admin', 'logs', query] as const,
    queryFn: () => data.admin.logsPage(query),
    placeholderData: keepPreviousData,
  });
}
