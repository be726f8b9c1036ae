// Under a server-paged admin list: 'Ir para a página' (a page number, Enter or 'Ir'; one past the end means the last)
// and 'Por página' (the page size).
import { useId, useState, type SyntheticEvent } from 'react';
import { t } from '../../../i18n/admin-catalogue.ts';
import { Button } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { FilterSelect } from './FilterSelect.tsx';

const copy = t.admin.users;

/** The page a typed number asks for, kept within 1…pages; null when nothing usable was typed. */
export function pageAsked(typed: string, pages: number): number | null {
  const wanted = Number.parseInt(typed, 10);
  if (!Number.isFinite(wanted)) return null;
  return Math.min(Math.max(1, wanted), Math.max(1, pages));
}

export function PageJump<Size extends number>({
  page,
  pages,
  pageSize,
  sizes,
  busy,
  onPage,
  onPageSize,
}: {
  page: number;
  pages: number;
  pageSize: Size;
  sizes: readonly Size[];
  busy: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: Size) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const wanted = pageAsked(typed, pages);
    setTyped('');
    if (wanted !== null && wanted !== page) onPage(wanted);
  };
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <form noValidate onSubmit={submit} className="flex items-end gap-2">
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
            {copy.jumpTo}
          </label>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={pages}
            placeholder={String(page)}
            className={`${inputClass} w-28 border-ink/20`}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
            }}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {copy.go}
        </Button>
      </form>
      <div className="w-36">
        <FilterSelect
          label={copy.pageSize}
          value={String(pageSize)}
          onChange={(value) => {
            const size = sizes.find((option) => String(option) === value);
            if (size !== undefined) onPageSize(size);
          }}
          options={sizes.map((size) => [String(size), String(size)] as const)}
        />
      </div>
    </div>
  );
}
