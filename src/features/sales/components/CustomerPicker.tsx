// The fiado sale's customer picker (docs/product.md §2, §9): a popover with the search (400 ms, accents and case ignored),
// ten customers at a time with 'Carregar mais', the offline banner, and 'Novo cliente'.
import { useState } from 'react';
import { Popover } from 'radix-ui';
import { ChevronDown, UserPlus } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { maskPhone } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { useCartEdits } from '../cart-commands.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSyncStatus } from '../../sync/index.ts';
import { NewCustomerDialog } from './NewCustomerDialog.tsx';

const copy = newSaleText;
const PAGE = 10;

function CustomerList({ onPick }: { onPick: (customer: { id: string; nome: string }) => void }) {
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const page = useLiveQuery('customerPicker', { search: settled, limit });
  const online = useOnline();
  const sync = useSyncStatus();
  // Until the status is known, or until the first download has made the device ready to sell, an empty list may only mean "not arrived yet".
  const arriving = !sync.known || sync.download?.readyToSell === false;
  return (
    <div className="flex flex-col gap-2">
      {online ? null : (
        <p role="status" className="rounded-xl bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900">
          {copy.pickerOffline}
        </p>
      )}
      <input
        type="search"
        autoComplete="off"
        aria-label={copy.customerSearch}
        placeholder={copy.customerSearchPlaceholder}
        className={`${inputClass} border-ink/20`}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setLimit(PAGE);
        }}
      />
      {page.status === 'loading' ? (
        <p role="status" className="py-2 text-sm text-ink/70">
          {t.app.loading}
        </p>
      ) : page.status === 'error' ? (
        <p role="alert" className="py-2 text-sm font-medium text-red-700">
          {copy.customersLoadError}
        </p>
      ) : page.data.items.length === 0 ? (
        <p className="py-2 text-sm text-ink/70">{arriving ? t.sync.downloading : copy.noCustomer}</p>
      ) : (
        <ul aria-label={copy.customersLabel} className="flex max-h-64 flex-col overflow-y-auto">
          {page.data.items.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                className="flex min-h-11 w-full flex-col items-start rounded-lg px-3 py-2 text-left hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-accent-400"
                onClick={() => {
                  onPick(customer);
                }}
              >
                <span className="font-medium text-ink">{customer.nome}</span>
                {customer.telefone ? <span className="text-sm text-ink/70">{maskPhone(customer.telefone)}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      {page.data && page.data.items.length < page.data.total ? (
        <Button
          variant="ghost"
          onClick={() => {
            setLimit((current) => current + PAGE);
          }}
        >
          {copy.loadMore}
        </Button>
      ) : null}
    </div>
  );
}

export function CustomerPicker({ selected }: { selected: { id: string; nome: string } | null }) {
  const { options } = useCartEdits();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const pick = (customer: { id: string; nome: string }) => {
    setOpen(false);
    void options.run({ cliente_id: customer.id, cliente_nome: customer.nome });
  };
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-ink">{copy.customer}</span>
      <div className="flex flex-wrap gap-2">
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger
            className={`${inputClass} flex min-w-0 basis-full items-center justify-between gap-2 border-ink/20 text-left sm:basis-0 sm:flex-1`}
            aria-label={selected ? copy.changeCustomer(selected.nome) : copy.chooseCustomer}
          >
            <span className={selected ? 'truncate' : 'truncate text-ink/60'}>
              {selected ? selected.nome : copy.chooseCustomer}
            </span>
            <ChevronDown aria-hidden size={18} className="shrink-0" />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={6}
              collisionPadding={8}
              className="z-[60] w-[min(22rem,calc(100vw-1rem))] rounded-2xl border border-ink/10 bg-white p-3 shadow-xl focus:outline-none"
            >
              <CustomerList onPick={pick} />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        <Button
          variant="secondary"
          className="px-3"
          onClick={() => {
            setOpen(false);
            setCreating(true);
          }}
        >
          <UserPlus aria-hidden size={18} />
          {copy.newCustomer}
        </Button>
      </div>
      <NewCustomerDialog open={creating} onOpenChange={setCreating} onCreated={pick} />
    </div>
  );
}
