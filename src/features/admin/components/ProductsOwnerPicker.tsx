// The products page's user filter (docs/product.md §2): a combobox that asks the server for a few matching owners as the
// admin types (never every user), chosen with the mouse or the arrow keys and Enter; the choice shows as a chip.
import { useId } from 'react';
import { X } from 'lucide-react';
import type { AdminProductOwner } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { ownerLabel } from '../products-sales-rules.ts';
import { useAdminProductOwners } from '../products-sales-queries.ts';
import { useSearchCombobox } from './use-search-combobox.ts';

const copy = t.adminProductsSales.products;

export function ProductsOwnerPicker({
  value,
  onChange,
}: {
  value: AdminProductOwner | null;
  onChange: (owner: AdminProductOwner | null) => void;
}) {
  const id = useId();
  const listId = `${id}-lista`;
  const { search, open, active, setActive, choose, inputProps } = useSearchCombobox<AdminProductOwner>({
    onChoose: onChange,
  });
  const owners = useAdminProductOwners({ search }, open && value === null);
  const choices = owners.data ?? [];

  return (
    <div className="relative min-w-0">
      <label id={`${id}-rotulo`} htmlFor={value ? undefined : id} className="mb-1 block text-sm font-medium text-ink">
        {copy.userFilter}
      </label>
      {value ? (
        <div
          role="group"
          aria-labelledby={`${id}-rotulo`}
          className="flex min-h-11 items-center justify-between gap-2 rounded-xl border border-brand-600 bg-brand-50 px-3"
        >
          <span className="min-w-0 truncate text-sm font-medium text-brand-900">{ownerLabel(value)}</span>
          <button
            type="button"
            aria-label={copy.clearOwner}
            className="-mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:bg-brand-100"
            onClick={() => {
              onChange(null);
            }}
          >
            <X aria-hidden size={18} />
          </button>
        </div>
      ) : (
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && choices[active] ? `${listId}-${String(active)}` : undefined}
          title={copy.ownerSearchLabel}
          placeholder={copy.ownerSearchPlaceholder}
          autoComplete="off"
          className={`${inputClass} min-h-11 border-ink/20 text-sm`}
          {...inputProps(choices)}
        />
      )}
      {open && value === null ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={copy.ownerChoices}
          className="absolute right-0 left-0 z-30 mt-1 max-h-64 overflow-y-auto rounded-xl border border-brand-100 bg-white py-1 shadow-lg"
        >
          {owners.isPending ? (
            <li role="presentation" className="px-3 py-2 text-sm text-ink/70">
              {copy.searchingOwners}
            </li>
          ) : owners.isError ? (
            <li role="presentation" className="px-3 py-2 text-sm text-red-800">
              {copy.ownersError}
            </li>
          ) : choices.length === 0 ? (
            <li role="presentation" className="px-3 py-2 text-sm text-ink/70">
              {copy.noOwners}
            </li>
          ) : (
            choices.map((owner, index) => (
              <li
                key={owner.id}
                id={`${listId}-${String(index)}`}
                role="option"
                aria-selected={index === active}
                className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand-50' : ''}`}
                onMouseDown={(event) => {
                  // Keeps the focus (and the list) until the click has chosen.
                  event.preventDefault();
                }}
                onClick={() => {
                  choose(owner);
                }}
                onMouseEnter={() => {
                  setActive(index);
                }}
              >
                <span className="block font-medium">{ownerLabel(owner)}</span>
                {owner.email ? <span className="block truncate text-xs text-ink/60">{owner.email}</span> : null}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
