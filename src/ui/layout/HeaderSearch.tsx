// The header's search: a toggle opens the field; a non-empty, trimmed text goes to /search?q=….
import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Search, X } from 'lucide-react';
import { t } from '../../i18n/pt-BR.ts';

/** The query to search for, or null when the form must not navigate (closed toggle or blank text). */
export function searchQuery(open: boolean, text: string): string | null {
  const trimmed = text.trim();
  return open && trimmed ? trimmed : null;
}

export function HeaderSearch({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const q = searchQuery(open, text);
    if (q) void navigate({ to: '/search', search: { q } });
  };
  if (!open) {
    return (
      <button
        type="button"
        aria-label={t.layout.openSearch}
        onClick={() => {
          onOpenChange(true);
        }}
        className="flex h-11 w-11 items-center justify-center rounded-full text-ink/80 hover:bg-brand-50"
      >
        <Search aria-hidden size={22} />
      </button>
    );
  }
  return (
    <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 items-center gap-1">
      <label htmlFor="busca-cabecalho" className="sr-only">
        {t.layout.search}
      </label>
      <input
        id="busca-cabecalho"
        type="search"
        autoFocus
        value={text}
        placeholder={t.layout.searchPlaceholder}
        onChange={(event) => {
          setText(event.target.value);
        }}
        className="min-h-11 w-full min-w-0 rounded-full border border-ink/20 bg-white px-4 text-base focus:border-brand-600 focus:outline-none"
      />
      <button
        type="button"
        aria-label={t.layout.closeSearch}
        onClick={() => {
          setText('');
          onOpenChange(false);
        }}
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink/70 hover:bg-brand-50"
      >
        <X aria-hidden size={20} />
      </button>
    </form>
  );
}
