// The app's two dialog shapes on Radix (focus trap, Escape, screen-reader title and description): a form dialog
// with a close button, and a confirmation (alert dialog) for what cannot be undone. Both fit a 360 px phone.
import type { ReactNode } from 'react';
import { AlertDialog, Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { clsx } from 'clsx';
import { Button } from './Button.tsx';

const OVERLAY = 'fixed inset-0 bg-ink/40';
const WIDTH = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-2xl' } as const;
const LAYER = { base: { overlay: 'z-40', content: 'z-50' }, above: { overlay: 'z-[70]', content: 'z-[80]' } } as const;
const CONTENT =
  'fixed left-1/2 top-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none';

export interface FormDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The control that opens it, when the dialog owns its opening. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** The close button's accessible name ('Fechar', 'Cancelar'). */
  closeLabel: string;
  /** Wider dialogs for longer forms and tables (the default suits a short form). */
  size?: keyof typeof WIDTH;
  /** 'above' when opened from another open dialog (the new customer from the cart). */
  layer?: keyof typeof LAYER;
  children: ReactNode;
}

export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  size = 'md',
  layer = 'base',
  children,
}: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className={clsx(OVERLAY, LAYER[layer].overlay)} />
        <Dialog.Content
          className={clsx(CONTENT, WIDTH[size], LAYER[layer].content)}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-brand-900">{title}</Dialog.Title>
            <Dialog.Close
              className="-m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:bg-brand-50"
              aria-label={closeLabel}
            >
              <X aria-hidden size={20} />
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="mt-1 text-sm text-ink/70">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A form dialog's cancel button (closes it). */
export function DialogCancel({ children }: { children: ReactNode }) {
  return (
    <Dialog.Close asChild>
      <Button variant="secondary">{children}</Button>
    </Dialog.Close>
  );
}

export interface ConfirmDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** More about what is confirmed, under the question (e.g. the name of what is deleted). */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while it runs ('Excluindo...'). */
  busyLabel?: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger ? <AlertDialog.Trigger asChild>{props.trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={clsx(OVERLAY, LAYER.base.overlay)} />
        <AlertDialog.Content className={clsx(CONTENT, 'max-w-md', LAYER.base.content)}>
          <AlertDialog.Title className="text-lg font-semibold text-brand-900">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink/80">{props.description}</AlertDialog.Description>
          {props.children}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{props.cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" busy={props.busy} onClick={props.onConfirm}>
              {props.busy && props.busyLabel ? props.busyLabel : props.confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
