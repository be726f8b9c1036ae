// The free plan's cap (the server's number, as the worker keeps it): creating a product past it opens this
// instead, pointing to the premium plan.
import { Link } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { Crown } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { buttonClass } from '../../../ui/Button.tsx';

const copy = t.products;

export interface ProductCapDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cap that was reached. */
  limit: number;
}

export function ProductCapDialog({ open, onOpenChange, limit }: ProductCapDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Crown aria-hidden size={40} className="text-accent-400" />
          <Dialog.Title className="mt-3 text-xl font-bold text-brand-900">{copy.capTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-ink/80">{copy.capText(limit)}</Dialog.Description>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
            <Link to="/upgrade" className={buttonClass('primary', 'sm:flex-1')}>
              {copy.capAction}
            </Link>
            <Dialog.Close className={buttonClass('secondary', 'sm:flex-1')}>{copy.capClose}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
