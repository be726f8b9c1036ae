// Pulsing placeholders of the admin pages while their data loads (spec 2 §2), announced as loading.
import { clsx } from 'clsx';
import { t } from '../../../i18n/pt-BR.ts';

export function SkeletonBlock({ className }: { className?: string }) {
  return <div aria-hidden className={clsx('animate-pulse rounded-2xl bg-brand-100/70', className)} />;
}

/** `count` pulsing cards of `height`, in the grid of the page; read out as 'Carregando...'. */
export function SkeletonCards({ count, className, grid }: { count: number; className: string; grid: string }) {
  return (
    <div role="status" aria-busy className={grid}>
      <span className="sr-only">{t.admin.loading}</span>
      {Array.from({ length: count }, (_, index) => (
        <SkeletonBlock key={index} className={className} />
      ))}
    </div>
  );
}
