// /admin/payments (spec 2 §2 Pagamentos): the four cards, a search by name, email or transaction id, status / plan
// / period filters (inline on a desktop, in a dialog on a phone), 'Atualizar', 'Exportar' (the filtered list as
// CSV), and pages of 10 payments from the server with 'Página X de Y'.
import { useState } from 'react';
import { Download, RefreshCw, Search, SlidersHorizontal } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentsFilter } from '../../../../workers/admin/payments-schema.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { csvBlob, downloadBlob, fileDate } from '../../../lib/export/index.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormDialog } from '../../../ui/Dialogs.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useAdminPayments } from '../payments-queries.ts';
import {
  activePaymentFilters,
  NO_PAYMENT_FILTERS,
  paymentsTable,
  toPaymentsFilter,
  type PaymentFilterValues,
} from '../payments-rules.ts';
import { LoadError } from './LoadError.tsx';
import { PageNav } from './PageNav.tsx';
import { PaymentCard } from './PaymentCard.tsx';
import { PaymentsFilters } from './PaymentsFilters.tsx';
import { PaymentsStats } from './PaymentsStats.tsx';
import { SkeletonBlock, SkeletonCards } from './Skeleton.tsx';

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
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<PaymentFilterValues>(NO_PAYMENT_FILTERS);
  const [draft, setDraft] = useState<PaymentFilterValues>(NO_PAYMENT_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [pageOf, setPageOf] = useState({ key: '', page: 1 });
  const filter = toPaymentsFilter(filters, search);
  // A new search or filter starts again from the first page.
  const key = JSON.stringify(filter);
  const page = pageOf.key === key ? pageOf.page : 1;
  const payments = useAdminPayments({ ...filter, page });
  const exporter = useExportPayments();
  const shown = payments.data;
  const active = activePaymentFilters(filters);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="page-title" className="text-2xl font-bold text-brand-900">
          {t.pages.adminPayments}
        </h1>
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
      </div>

      <PaymentsStats />

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
          <PaymentsFilters value={draft} onChange={setDraft} className="mt-4" />
          <Button
            className="mt-5 w-full"
            onClick={() => {
              setFilters(draft);
              setFiltersOpen(false);
            }}
          >
            {copy.apply}
          </Button>
        </FormDialog>
      </div>
      <div className="hidden md:block">
        <PaymentsFilters value={filters} onChange={setFilters} className="md:grid-cols-3" />
      </div>

      <div className="flex min-h-6 items-center">
        {shown ? <p className="text-ink/70">{copy.total(shown.total)}</p> : <SkeletonBlock className="h-5 w-28" />}
      </div>

      {payments.isPending ? (
        <SkeletonCards count={4} className="h-36" grid="flex flex-col gap-3" />
      ) : payments.isError && !shown ? (
        <LoadError title={copy.loadError} error={payments.error} onRetry={() => void payments.refetch()} />
      ) : shown && shown.rows.length === 0 ? (
        <div role="status" className="rounded-2xl border border-dashed border-brand-100 bg-white p-8 text-center">
          <p className="font-semibold">{copy.empty}</p>
        </div>
      ) : shown ? (
        <>
          <ul aria-label={t.pages.adminPayments} aria-busy={payments.isFetching || undefined} className="flex flex-col gap-3">
            {shown.rows.map((payment) => (
              <PaymentCard key={payment.id} payment={payment} />
            ))}
          </ul>
          <PageNav
            page={shown.page}
            pages={shown.pages}
            busy={payments.isFetching}
            onPage={(next) => {
              setPageOf({ key, page: next });
            }}
          />
        </>
      ) : null}
    </section>
  );
}
