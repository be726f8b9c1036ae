// What the admin list cards share (users, products, sales, payments, notifications): a labelled field of the card's
// details, and the 'Excluir' button asking for confirmation before it removes.
import { useState, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/Dialogs.tsx';

/** One term and its value inside the card's <dl>. */
export function CardField({
  term,
  value,
  className,
  valueClassName = 'break-words',
}: {
  term: string;
  value: ReactNode;
  /** The grid cell's extra classes (a wider cell: 'col-span-2'). */
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={clsx('min-w-0', className)}>
      <dt className="text-xs text-ink/60">{term}</dt>
      <dd className={valueClassName}>{value}</dd>
    </div>
  );
}

export interface RemoveCopy {
  remove: string;
  removeTitle: string;
  removing: string;
  cancel: string;
}

/** 'Excluir', then the confirmation naming what goes; it closes once `onRemove` has succeeded. */
export function CardRemoveButton({
  copy,
  description,
  pending,
  onRemove,
  children,
}: {
  copy: RemoveCopy;
  description: string;
  pending: boolean;
  onRemove: () => Promise<unknown>;
  /** More of what is removed, under the description. */
  children?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden size={16} />
          {copy.remove}
        </Button>
      }
      title={copy.removeTitle}
      description={description}
      confirmLabel={copy.remove}
      busyLabel={copy.removing}
      cancelLabel={copy.cancel}
      busy={pending}
      onConfirm={() => {
        void onRemove().then((done) => {
          if (done) setConfirming(false);
        });
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
