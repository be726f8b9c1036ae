// A few labelled amounts under a sale's lines (subtotal, discounts, cash received, change) and its total: the term
// on the left, the amount on the right in figures of even width; the amounts read as a description list.
import type { ReactNode } from 'react';
import { clsx } from 'clsx';

export function AmountList({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={clsx('flex flex-col gap-1 text-sm', className)}>{children}</dl>;
}

export interface AmountRowProps {
  term: string;
  /** The amount, already written for people (e.g. 'R$ 12,50' or '− R$ 2,00'). */
  children: ReactNode;
  /** A figure the owner acts on (the change to hand back): heavier. */
  strong?: boolean;
  testId?: string;
}

export function AmountRow({ term, children, strong = false, testId }: AmountRowProps) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-ink/70">{term}</dt>
      <dd data-testid={testId} className={clsx('text-ink tabular-nums', strong ? 'font-semibold' : 'font-medium')}>
        {children}
      </dd>
    </div>
  );
}

/** The amount the sale comes to, below its lines and discounts: large, in the brand's colour. */
export function TotalRow({ term, children, className, testId }: Omit<AmountRowProps, 'strong'> & { className?: string }) {
  return (
    <p className={clsx('flex items-baseline justify-between gap-3 text-lg font-bold text-brand-900', className)}>
      <span>{term}</span>
      <span data-testid={testId} className="tabular-nums">
        {children}
      </span>
    </p>
  );
}
