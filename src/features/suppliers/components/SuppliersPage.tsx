// Fornecedores: search by name or phone, 'Novo Fornecedor', 'Exportar' (PDF, CSV), a card per supplier with
// 'Editar' and 'Excluir'; read live from the device, so it works offline exactly as online.
import { useState } from 'react';
import { Plus, Search } from 'lucide-react';
import { clsx } from 'clsx';
import type { SupplierList, SupplierView } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { DeleteSupplierDialog } from './DeleteSupplierDialog.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { SupplierCard } from './SupplierCard.tsx';
import { SupplierDialog } from './SupplierDialog.tsx';

const copy = t.suppliers;

/** The list for the current search; while a new search loads, the previous answer stays on screen. */
function useSupplierList(search: string) {
  const state = useLiveQuery('suppliers', { search });
  const [last, setLast] = useState<SupplierList | null>(null);
  if (state.status === 'ok' && state.data !== last) setLast(state.data);
  if (state.status === 'loading' && last) return { status: 'ok' as const, data: last };
  return state;
}

function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-ink/5">
      <p className="font-semibold text-ink">{title}</p>
      <p className="mt-1 text-sm text-ink/70">{hint}</p>
    </div>
  );
}

export function SuppliersPage() {
  usePageTitle(t.pages.suppliers);
  const [search, setSearch] = useState('');
  const list = useSupplierList(search.trim());
  const [editing, setEditing] = useState<{ supplier: SupplierView | null } | null>(null);
  const [removing, setRemoving] = useState<SupplierView | null>(null);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-bold text-brand-900">
          {copy.title}
        </h1>
        <div className="flex flex-wrap gap-2">
          <ExportMenu />
          <Button
            className="px-4"
            onClick={() => {
              setEditing({ supplier: null });
            }}
          >
            <Plus aria-hidden size={20} />
            {copy.newSupplier}
          </Button>
        </div>
      </div>
      <div className="relative">
        <Search aria-hidden size={20} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-ink/50" />
        <input
          type="search"
          aria-label={copy.searchLabel}
          placeholder={copy.searchPlaceholder}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
          className={clsx(inputClass, 'border-ink/20 pl-10')}
        />
      </div>
      {list.status === 'loading' ? (
        <p role="status" className="py-10 text-center text-ink/70">
          {t.app.loading}
        </p>
      ) : list.status === 'error' ? (
        <div role="alert" className="rounded-2xl bg-red-50 p-4 text-center text-red-800">
          <p className="font-semibold">{copy.errorTitle}</p>
          <p>{copy.loadError}</p>
        </div>
      ) : list.data.total === 0 ? (
        <EmptyState title={copy.empty} hint={copy.emptyHint} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={copy.notFound} hint={copy.notFoundHint} />
      ) : (
        <>
          <p className="text-sm text-ink/70" aria-live="polite">
            {copy.count(list.data.items.length)}
          </p>
          <ul aria-label={copy.title} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.items.map((supplier) => (
              <SupplierCard
                key={supplier.id}
                supplier={supplier}
                onEdit={(chosen) => {
                  setEditing({ supplier: chosen });
                }}
                onDelete={setRemoving}
              />
            ))}
          </ul>
        </>
      )}
      <SupplierDialog
        open={editing !== null}
        supplier={editing?.supplier ?? null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <DeleteSupplierDialog
        supplier={removing}
        onClose={() => {
          setRemoving(null);
        }}
      />
    </section>
  );
}
