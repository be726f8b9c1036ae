// The pieces every server-paged admin list shares (docs/product.md §2): the debounced search with its page, the search box,
// the filters (inline on a desktop, in a dialog with 'Aplicar' on a phone), the count, and the list's loading /
// error / empty states above the cards and 'Página X de Y'.
import { useEffect, useState, type ReactNode } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import { Button } from '../../../ui/Button.tsx';
import { FormDialog } from '../../../ui/Dialogs.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { DataStates, EmptyNotice, SkeletonBlock, type DataState } from '../../../ui/DataStates.tsx';
import { PageNav } from './PageNav.tsx';

/** Typing pauses this long before the server is asked. */
const LIST_SEARCH_DEBOUNCE_MS = 300;

/** Where a list keeps its page when not in its own state (the address, for /admin/users). */
export interface ListPaging {
  page: number;
  /** Stable across renders (a new function restarts the search's pause). */
  setPage: (page: number) => void;
}

/** The typed search, the one the server is asked for once typing pauses, the applied filters, and the page (back to
 * 1 on a new search or new filters; kept by `paging` when given). */
export function useListSearch<F>(noFilters: F, delayMs: number = LIST_SEARCH_DEBOUNCE_MS, paging?: ListPaging) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<F>(noFilters);
  const [ownPage, setOwnPage] = useState(1);
  const page = paging ? paging.page : ownPage;
  const setPage = paging ? paging.setPage : setOwnPage;
  useEffect(() => {
    // Nothing new typed (the first render included): the page stays where it is.
    if (typed === search) return;
    const timer = setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [typed, search, delayMs, setPage]);
  const applyFilters = (next: F) => {
    setFilters(next);
    setPage(1);
  };
  return { typed, setTyped, search, filters, applyFilters, page, setPage };
}

export function ListSearchBox({
  label,
  placeholder,
  value,
  onChange,
  className = 'relative',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Search aria-hidden size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink/50" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className={`${inputClass} border-ink/20 pl-10`}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </div>
  );
}

/** The phone's 'Filtros' button (with the number of active filters) opening a draft of the filters and 'Aplicar'. */
function FiltersDialog<T>({
  value,
  onApply,
  active,
  label,
  closeLabel,
  applyLabel,
  children,
}: {
  value: T;
  onApply: (value: T) => void;
  active: number;
  label: string;
  closeLabel: string;
  applyLabel: string;
  /** The filters' fields editing the draft. */
  children: (draft: T, setDraft: (draft: T) => void) => ReactNode;
}) {
  const [draft, setDraft] = useState<T>(value);
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(value);
        setOpen(next);
      }}
      trigger={
        <Button variant="secondary" className="shrink-0 md:hidden">
          <SlidersHorizontal aria-hidden size={18} />
          {active > 0 ? `${label} (${String(active)})` : label}
        </Button>
      }
      title={label}
      closeLabel={closeLabel}
    >
      {children(draft, setDraft)}
      <Button
        className="mt-5 w-full"
        onClick={() => {
          onApply(draft);
          setOpen(false);
        }}
      >
        {applyLabel}
      </Button>
    </FormDialog>
  );
}

/** The words of a list's search and filters. */
export interface ListSearchCopy {
  searchLabel: string;
  searchPlaceholder: string;
  filters: string;
  close: string;
  apply: string;
}

/** The search box with the phone's filters button beside it, and the same filters inline on a desktop. `fields`
 * draws the filters for a value, its change and the grid's extra class. */
export function ListSearchFilters<T>({
  copy,
  typed,
  onType,
  value,
  onApply,
  active,
  columns,
  fields,
}: {
  copy: ListSearchCopy;
  typed: string;
  onType: (typed: string) => void;
  value: T;
  onApply: (value: T) => void;
  active: number;
  /** The inline grid's columns on a desktop ('md:grid-cols-3'). */
  columns: string;
  fields: (value: T, onChange: (value: T) => void, className: string) => ReactNode;
}) {
  return (
    <>
      <div className="flex gap-2">
        <ListSearchBox
          label={copy.searchLabel}
          placeholder={copy.searchPlaceholder}
          value={typed}
          onChange={onType}
          className="relative min-w-0 flex-1"
        />
        <FiltersDialog
          value={value}
          onApply={onApply}
          active={active}
          label={copy.filters}
          closeLabel={copy.close}
          applyLabel={copy.apply}
        >
          {(draft, setDraft) => fields(draft, setDraft, 'mt-4')}
        </FiltersDialog>
      </div>
      <div className="hidden md:block">{fields(value, onApply, columns)}</div>
    </>
  );
}

/** The list's count once known; pulsing while it loads, and nothing after a failed read when `failed` is given. */
export function ListCount({
  text,
  failed = false,
  width = 'w-24',
}: {
  text: string | undefined;
  failed?: boolean;
  width?: string;
}) {
  if (text !== undefined) return <p className="text-ink/70">{text}</p>;
  return failed ? null : <SkeletonBlock className={`h-5 ${width}`} />;
}

export interface ListPage<Row> {
  rows: readonly Row[];
  page: number;
  pages: number;
}

/** The list's states: pulsing cards while loading, the failed read with 'Tentar novamente', the empty notice, or the
 * cards and 'Página X de Y'. */
export function ListStates<Row>({
  query,
  shown,
  skeleton,
  loadError,
  empty,
  listLabel,
  onPage,
  children,
}: {
  query: { isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };
  /** The page to show (undefined while none is known for the current search). */
  shown: ListPage<Row> | undefined;
  skeleton: { count: number; className: string };
  loadError: string;
  /** The empty notice: its sentence, then what may follow it. */
  empty: { text: string; extra?: ReactNode };
  listLabel?: string;
  onPage: (page: number) => void;
  children: (row: Row) => ReactNode;
}) {
  const state: DataState<ListPage<Row>> = shown
    ? { status: 'ok', data: shown }
    : query.isError
      ? { status: 'error', error: query.error }
      : { status: 'loading' };
  return (
    <DataStates
      state={state}
      skeleton={skeleton}
      failure={{ title: loadError, onRetry: () => void query.refetch() }}
      isEmpty={(page) => page.rows.length === 0}
      empty={<EmptyNotice title={empty.text}>{empty.extra}</EmptyNotice>}
    >
      {(page) => (
        <>
          <ul aria-label={listLabel} aria-busy={query.isFetching || undefined} className="flex flex-col gap-3">
            {page.rows.map(children)}
          </ul>
          <PageNav page={page.page} pages={page.pages} busy={query.isFetching} onPage={onPage} />
        </>
      )}
    </DataStates>
  );
}
