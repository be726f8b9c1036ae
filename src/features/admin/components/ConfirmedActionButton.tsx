// A user card's action that asks first (Suspender, Banir): the button opens a confirmation naming the user, with
// the reason the owner will be told, and the dialog closes once the action has succeeded.
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/Dialogs.tsx';

export function ConfirmedActionButton({
  label,
  icon,
  variant,
  title,
  description,
  reasonLabel,
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
  /** The label of the reason's field. */
  reasonLabel: string;
  busyLabel: string;
  cancelLabel: string;
  pending: boolean;
  /** Resolves truthy once the action succeeded. */
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
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
        void onConfirm(reason).then((done) => {
          if (done) setConfirming(false);
        });
      }}
    >
      <label htmlFor={reasonId} className="mb-1 mt-4 block text-sm font-medium text-ink">
        {reasonLabel}
      </label>
      <textarea
        id={reasonId}
        rows={3}
        required
        maxLength={500}
        className="w-full rounded-xl border border-ink/20 px-3 py-3 text-base"
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
        }}
      />
    </ConfirmDialog>
  );
}
