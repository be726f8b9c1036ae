// A confirmation that runs a command (`useCommand`): busy while it runs, closed once it has answered, and `onDone`
// after a success (a failure is told by the command's own toast). Either it owns its opening (with a `trigger`) or
// the screen opens it (`open`, e.g. while a row is chosen for deletion) and hears it close through `onOpenChange`.
import { useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './Dialogs.tsx';

export interface ConfirmRunDialogProps<Result> extends Omit<ConfirmDialogProps, 'busy' | 'onConfirm'> {
  /** The command's run: its result on success, undefined on failure. */
  run: () => Promise<Result | undefined>;
  /** The command is running. */
  pending: boolean;
  onDone?: (result: Result) => void | Promise<void>;
}

export function ConfirmRunDialog<Result>({ run, pending, onDone, open, onOpenChange, ...dialog }: ConfirmRunDialogProps<Result>) {
  const [ownOpen, setOwnOpen] = useState(false);
  const shown = open ?? ownOpen;
  const setShown = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const confirm = async () => {
    const result = await run();
    setShown(false);
    if (result !== undefined) await onDone?.(result);
  };
  return (
    <ConfirmDialog
      {...dialog}
      open={shown}
      onOpenChange={setShown}
      busy={pending}
      onConfirm={() => {
        void confirm();
      }}
    />
  );
}
