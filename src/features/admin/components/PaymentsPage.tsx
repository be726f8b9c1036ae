// /admin/payments (docs/product.md §2 Pagamentos): the four cards, a search by name, email or transaction id, status / plan
// / period filters (inline on a desktop, in a dialog on a phone), 'Atualizar', 'Exportar' (the filtered list as
// CSV), and pages of 10 payments from the server with 'Página X de Y'.
import { Download, RefreshCw } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentsFilter } from '../../../../workers/admin/payments-schema.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { csvBlob, downloadBlob, fileDate } from '../../../lib/export/index.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-debounced-value.ts';
import { Button } from '../../../ui/Button.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useAdminPayments } from '../payments-queries.ts';
import {
  activePaymentFilters,
  NO_PAYMENT_FILTERS,
  paymentsTable,
  toPaymentsFilter,
  type PaymentFilterValues,
} from '../payments-rules.ts';
import { ListCount, ListSearchFilters, ListStates, useListSearch } from './AdminListLayout.tsx';
import { PaymentCard } from './PaymentCard.tsx';
import { PaymentsFilters } from './PaymentsFilters.tsx';
import { PaymentsStats } from './PaymentsStats.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.adminPayments;

function useExportPayments() {
  return useCommand(
    async (data, filter: PaymentsFilter) => {
      const rows = await data.admin.paymentsExport(filter);
      downloadBlob(await csvBlob(paymentsTable(rows)), copy.fileName(fileDate(new Date())));
      return rows.length;
    },
    { success: (count) => ({ title: copy.exported(count) }), failureTitle: copy.exportError },
  );
}

export function PaymentsPage() {
  usePageTitle(t.pages.adminPayments);
  const queryClient = useQueryClient();
  const { typed, setTyped, search, filters, applyFilters, page, setPage } = useListSearch<PaymentFilterValues>(
    NO_PAYMENT_FILTERS,
    SEARCH_DEBOUNCE_MS,
  );
  const filter = toPaymentsFilter(filters, search);
  const payments = useAdminPayments({ ...filter, page });
  const exporter = useExportPayments();
  const shown = payments.data;
  const active = activePaymentFilters(filters);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <PageHeader title={t.pages.adminPayments}>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            busy={payments.isFetching}
            onClick={() => void queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] })}
          >
            <RefreshCw aria-hidden size={18} />
            {copy.refresh}
          </Button>
          <Button variant="secondary" busy={exporter.pending} onClick={() => void exporter.run(filter)}>
            <Download aria-hidden size={18} />
            {exporter.pending ? copy.exporting : copy.export}
          </Button>
        </div>
      </PageHeader>

      <PaymentsStats />

      <ListSearchFilters
        copy={copy}
        typed={typed}
        onType={setTyped}
        value={filters}
        onApply={applyFilters}
        active={active}
        columns="md:grid-cols-3"
        fields={(value, onChange, className) => <PaymentsFilters value={value} onChange={onChange} className={className} />}
      />

      <div className="flex min-h-6 items-center">
        <ListCount text={shown ? copy.total(shown.total) : undefined} width="w-28" />
      </div>

      <ListStates
        query={payments}
        shown={shown}
        skeleton={{ count: 4, className: 'h-36' }}
        loadError={copy.loadError}
        empty={{ text: copy.empty }}
        listLabel={t.pages.adminPayments}
        onPage={setPage}
      >
        {(payment) => <PaymentCard key={payment.id} payment={payment} />}
      </ListStates>
    </section>
  );
}
