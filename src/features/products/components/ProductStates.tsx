// The product screens' shared states: loading, not found (with a link to the list) and a load failure.
import { Link } from '@tanstack/react-router';
import { PackageX } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { SkeletonCards } from '../../../ui/DataStates.tsx';

const copy = t.products;

/** The product's page before the first answer: the shared busy skeleton where its cards will be. */
export function ProductLoading() {
  return <SkeletonCards count={3} className="h-32" />;
}

export function ProductNotFound({ message = copy.notFound }: { message?: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
      <PackageX aria-hidden size={44} className="text-brand-500" />
      <p className="text-lg font-semibold text-ink">{message}</p>
      <Link to="/products" className={buttonClass('secondary')}>
        {copy.backToList}
      </Link>
    </div>
  );
}
