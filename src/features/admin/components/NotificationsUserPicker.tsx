// The send form's 'Usuário' (docs/product.md §2): blank means every user; typing asks the server for the first 10 users
// matching the name, email or market (never the whole list), shown as a listbox the arrow keys and Enter choose
// from (the ARIA combobox pattern). A chosen user is shown with a button that goes back to every user.
import { useId } from 'react';
import { clsx } from 'clsx';
import { Search, UserRound, X } from 'lucide-react';
import type { AdminUserRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { useUserPicker } from '../notifications-queries.ts';
import { useSearchCombobox } from './use-search-combobox.ts';

const copy = t.adminNotifications;

export interface PickedUser {
  readonly id: string;
  readonly name: string;
  /** Market and email. */
  readonly detail: string;
}

const detailOf = (user: AdminUserRow) => [user.nomeMercado ?? copy.noMarket, user.email].filter(Boolean).join(' · ');

export function NotificationsUserPicker({
  value,
  onChange,
}: {
  value: PickedUser | null;
  onChange: (user: PickedUser | null) => void;
}) {
  const id = useId();
  const listId = `${id}-lista`;
  const hintId = `${id}-dica`;
  const { text, search, open, active, setActive, choose, inputProps } = useSearchCombobox<AdminUserRow>({
    onChoose: (user) => {
      onChange({ id: user.id, name: user.nome ?? copy.noName, detail: detailOf(user) });
    },
    wrap: true,
  });
  const users = useUserPicker(search, open && value === null);
  const rows = users.data?.rows ?? [];
  const settled = search === text.trim() && !users.isFetching;

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {copy.user}
      </label>
      {value ? (
        <div className="flex min-h-12 items-center gap-2 rounded-xl border border-brand-500/50 bg-brand-50 py-1 pr-1 pl-3">
          <UserRound aria-hidden size={18} className="shrink-0 text-brand-700" />
          <output id={id} className="min-w-0 flex-1 py-1">
            <span className="block font-medium break-words">{value.name}</span>
            <span className="block text-sm break-all text-ink/70">{value.detail}</span>
          </output>
          <button
            type="button"
            aria-label={copy.clearUser}
            onClick={() => {
              onChange(null);
            }}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-ink/70 hover:bg-white"
          >
            <X aria-hidden size={18} />
          </button>
        </div>
      ) : (
        <div className="relative">
          <Search aria-hidden size={18} className="pointer-events-none absolute top-6 left-3 -translate-y-1/2 text-ink/50" />
          <input
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-describedby={hintId}
            aria-activedescendant={open && rows[active] ? `${listId}-${String(active)}` : undefined}
            placeholder={copy.userSearchPlaceholder}
            className={`${inputClass} border-ink/20 pl-10`}
            {...inputProps(rows)}
          />
          {open ? (
            <div className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-ink/10 bg-white shadow-lg">
              <ul
                id={listId}
                role="listbox"
                aria-label={copy.userResults}
                aria-busy={!settled || undefined}
                className="max-h-72 overflow-y-auto"
              >
                {rows.map((user, index) => (
                  <li
                    key={user.id}
                    id={`${listId}-${String(index)}`}
                    role="option"
                    aria-selected={index === active}
                    // Chosen before the input's blur closes the list.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      choose(user);
                    }}
                    onMouseEnter={() => {
                      setActive(index);
                    }}
                    className={clsx('cursor-pointer px-4 py-3', index === active && 'bg-brand-50')}
                  >
                    <span className="block font-medium break-words">{user.nome ?? copy.noName}</span>
                    <span className="block text-sm break-words text-ink/70">{detailOf(user)}</span>
                  </li>
                ))}
              </ul>
              <p role="status" className="px-4 py-2 text-sm text-ink/70 empty:hidden">
                {users.isError
                  ? copy.usersError
                  : !users.data || !settled
                    ? copy.searching
                    : rows.length === 0
                      ? copy.noUsers
                      : users.data.total > rows.length
                        ? copy.moreUsers(rows.length, users.data.total)
                        : ''}
              </p>
            </div>
          ) : null}
        </div>
      )}
      <p id={hintId} className="mt-1 text-sm text-ink/70">
        {value ? null : copy.userHint}
      </p>
    </div>
  );
}
