// The search results: a section of products and one of clients, each row a link to its detail page.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ChevronRight, Package, UserRound } from 'lucide-react';
import type { ClientHit, ProductHit, SearchResults as Results } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL, formatQuantity, maskPhone } from '../../../lib/format.ts';

const copy = t.search;
const rowClass = 'flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-brand-50 focus-visible:bg-brand-50';

function ResultSection({
  id,
  title,
  total,
  shown,
  children,
  footer,
}: {
  id: string;
  title: string;
  total: number;
  shown: number;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5">
      <div className="flex items-baseline justify-between gap-3 border-b border-ink/5 px-4 py-3">
        <h2 id={id} className="text-lg font-semibold text-brand-900">
          {title}
        </h2>
        <span className="text-sm text-ink/70">{copy.count(total)}</span>
      </div>
      <ul className="divide-y divide-ink/5" data-testid={`${id}-list`}>
        {children}
      </ul>
      {total > shown ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-ink/5 px-4 py-3 text-sm text-ink/70">
          <span>{copy.more(shown, total)}</span>
          {footer}
        </div>
      ) : null}
    </section>
  );
}

function ProductRow({ product }: { product: ProductHit }) {
  return (
    <li>
      <Link to="/products/$id" params={{ id: product.id }} className={rowClass}>
        <Package aria-hidden size={20} className="shrink-0 text-brand-700" />
        <span className="min-w-0 flex-1">
          <span className="block line-clamp-2 break-words font-semibold text-ink">{product.nome}</span>
          <span className="block truncate text-sm text-ink/70">
            {[product.marca, copy.stock(`${formatQuantity(product.estoque, product.unidade)} ${product.unidade}`)]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
        <span className="shrink-0 font-semibold tabular-nums">{formatBRL(product.preco)}</span>
        <ChevronRight aria-hidden size={20} className="shrink-0 text-ink/40" />
      </Link>
    </li>
  );
}

function ClientRow({ client }: { client: ClientHit }) {
  const owes = Math.round(client.saldo * 100) > 0;
  return (
    <li>
      <Link to="/clients/$id" params={{ id: client.id }} className={rowClass}>
        <UserRound aria-hidden size={20} className="shrink-0 text-brand-700" />
        <span className="min-w-0 flex-1">
          <span className="block line-clamp-2 break-words font-semibold text-ink">{client.nome}</span>
          <span className="block text-sm text-ink/70">{client.telefone ? maskPhone(client.telefone) : '—'}</span>
        </span>
        <span className={owes ? 'shrink-0 font-semibold tabular-nums text-red-700' : 'shrink-0 text-sm text-ink/70'}>
          {owes ? copy.owes(formatBRL(client.saldo)) : copy.noDebt}
        </span>
        <ChevronRight aria-hidden size={20} className="shrink-0 text-ink/40" />
      </Link>
    </li>
  );
}

export function SearchResults({ results }: { results: Results }) {
  return (
    <div className="flex flex-col gap-4">
      {results.productTotal > 0 ? (
        <ResultSection id="search-products" title={copy.products} total={results.productTotal} shown={results.products.length}>
          {results.products.map((product) => (
            <ProductRow key={product.id} product={product} />
          ))}
        </ResultSection>
      ) : null}
      {results.clientTotal > 0 ? (
        <ResultSection
          id="search-clients"
          title={copy.clients}
          total={results.clientTotal}
          shown={results.clients.length}
          footer={
            <Link to="/clients" search={{ q: results.text }} className="font-semibold text-brand-700 underline">
              {copy.seeInClients}
            </Link>
          }
        >
          {results.clients.map((client) => (
            <ClientRow key={client.id} client={client} />
          ))}
        </ResultSection>
      ) : null}
    </div>
  );
}
