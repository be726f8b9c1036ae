// /admin/payments' reads through react-query (the admin area's cache rules): the four cards and one page of payments.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PaymentsQuery } from '../../../workers/admin/payments-schema.ts';
import { useDataClient } from '../../lib/use-data-client.ts';

export const paymentsKeys = {
  stats: ['admin', 'payments', 'stats'] as const,
  page: (query: PaymentsQuery) => ['admin', 'payments', 'page', query] as const,
};

export function useAdminPaymentStats() {
  const data = useDataClient();
  return useQuery({ queryKey: paymentsKeys.stats, queryFn: () => data.admin.paymentsStats() });
}

export function useAdminPayments(query: PaymentsQuery) {
  const data = useDataClient();
  return useQuery({
    queryKey: paymentsKeys.page(query),
    queryFn: () => data.admin.paymentsPage(query),
    placeholderData: keepPreviousData,
  });
}
