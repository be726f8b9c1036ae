// The product screens' shared states: loading, not found (with a link to the list) and a load failure.
import { Link } from '@tanstack/react-router';
import { PackageX } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { buttonClass } from '../../../ui/Button.tsx';

const copy = t.products;

export function ProductLoading() {
  return (
    <p role="status" className="py-10 text-center text-ink/70">
      {t.app.loading}
    </p>
  );
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
