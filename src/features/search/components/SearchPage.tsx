// /search: says what was searched for and, honestly, that results arrive with the products and clients screens.
import { Package, SearchX, Users } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { usePageTitle } from '../../../ui/page-title.ts';

const copy = t.search;
const SCOPE_ICONS = [Package, Users] as const;

export function SearchPage({ query }: { query: string | undefined }) {
  usePageTitle(t.pages.search);
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <div>
        <h1 id="page-title" className="text-2xl font-bold text-brand-900">
          {t.pages.search}
        </h1>
        <p className="mt-1 break-words text-ink/80" data-testid="search-query">
          {query ? copy.query(query) : copy.noQuery}
        </p>
      </div>
      <div className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
        <div className="flex items-start gap-3">
          <SearchX aria-hidden size={28} className="mt-0.5 shrink-0 text-brand-700" />
          <div>
            <h2 className="text-lg font-semibold">{copy.notYetTitle}</h2>
            <p className="mt-1 text-ink/80">{copy.notYet}</p>
          </div>
        </div>
        <div>
          <p className="font-medium">{copy.willSearch}</p>
          <ul className="mt-2 flex flex-col gap-2">
            {copy.scopes.map((scope, index) => {
              const Icon = SCOPE_ICONS[index] ?? Package;
              return (
                <li key={scope.title} className="flex items-center gap-3 rounded-xl bg-brand-50 px-3 py-2">
                  <Icon aria-hidden size={20} className="shrink-0 text-brand-700" />
                  <span>
                    <span className="font-semibold">{scope.title}</span> {scope.text}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
