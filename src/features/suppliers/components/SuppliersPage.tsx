// Fornecedores: search by name or phone, 'Novo Fornecedor', 'Exportar' (PDF, CSV), a card per supplier with
// 'Editar' and 'Excluir'; read live from the device, so it works offline exactly as online.
import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { SupplierList, SupplierView } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button } from '../../../ui/Button.tsx';
import { SearchField } from '../../../ui/form/SearchField.tsx';
import { DataStates, EmptyNotice } from '../../../ui/DataStates.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { DeleteSupplierDialog } from './DeleteSupplierDialog.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { SupplierCard } from './SupplierCard.tsx';
import { SupplierDialog } from './SupplierDialog.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.suppliers;
/** Where the supplier cards will be, until the first answer. */
const SUPPLIER_CARDS_SKELETON = { count: 3, className: 'h-32', grid: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3' };

/** The list for the current search; while a new search loads, the previous answer stays on screen. */
function useSupplierList(search: string) {
  const state = useLiveQuery('suppliers', { search });
  const [last, setLast] = useState<SupplierList | null>(null);
  if (state.status === 'ok' && state.data !== last) setLast(state.data);
  if (state.status === 'loading' && last) return { status: 'ok' as const, data: last };
  return state;
}

export function SuppliersPage() {
  usePageTitle(t.pages.suppliers);
  const [search, setSearch] = useState('');
  const list = useSupplierList(search.trim());
  const [editing, setEditing] = useState<{ supplier: SupplierView | null } | null>(null);
  const [removing, setRemoving] = useState<SupplierView | null>(null);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <PageHeader title={copy.title}>
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
      </PageHeader>
      <SearchField label={copy.searchLabel} placeholder={copy.searchPlaceholder} value={search} onChange={setSearch} />
      <DataStates
        state={list}
        skeleton={SUPPLIER_CARDS_SKELETON}
        failure={{ title: copy.errorTitle, message: copy.loadError }}
        isEmpty={(found) => found.items.length === 0}
        empty={(found) =>
          found.total === 0 ? (
            <EmptyNotice title={copy.empty} hint={copy.emptyHint} />
          ) : (
            <EmptyNotice title={copy.notFound} hint={copy.notFoundHint} />
          )
        }
      >
        {(found) => (
          <>
            <p className="text-sm text-ink/70" aria-live="polite">
              {copy.count(found.items.length)}
            </p>
            <ul aria-label={copy.title} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {found.items.map((supplier) => (
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
      </DataStates>
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
