// A user card's action that asks first (Suspender, Banir): the button opens a confirmation naming the user, and
// the dialog closes once the action has succeeded.
import { useState, type ReactNode } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/Dialogs.tsx';

export function ConfirmedActionButton({
  label,
  icon,
  variant,
  title,
  description,
  busyLabel,
  cancelLabel,
  pending,
  onConfirm,
}: {
  label: string;
  icon: ReactNode;
  variant: 'secondary' | 'destructive';
  title: string;
  description: string;
  busyLabel: string;
  cancelLabel: string;
  pending: boolean;
  /** Resolves truthy once the action succeeded. */
  onConfirm: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <Button variant={variant}>
          {icon}
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={label}
      busyLabel={busyLabel}
      cancelLabel={cancelLabel}
      busy={pending}
      onConfirm={() => {
        void onConfirm().then((done) => {
          if (done) setConfirming(false);
        });
      }}
    />
  );
}
