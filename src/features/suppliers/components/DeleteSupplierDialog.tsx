// The delete confirmation: 'Tem certeza que deseja excluir este fornecedor?'; offline the removal is kept on the
// device and sent when the connection returns.
import { AlertDialog } from 'radix-ui';
import type { SupplierView } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { useOnline } from '../use-online.ts';

const copy = t.suppliers;

export interface DeleteSupplierDialogProps {
  /** The supplier to remove; null closes the dialog. */
  readonly supplier: SupplierView | null;
  readonly onClose: () => void;
}

export function DeleteSupplierDialog({ supplier, onClose }: DeleteSupplierDialogProps) {
  const online = useOnline();
  const command = useCommand(
    async (data, id: string) => {
      await data.suppliers.remove(id);
      return true;
    },
    {
      success: () => (online ? { title: copy.deleted } : { title: copy.deleted, description: copy.deletedOffline }),
      failureTitle: copy.deleteFailed,
      messages: { not_signed_in: copy.loginRequired },
    },
  );
  const confirm = async () => {
    if (!supplier) return;
    await command.run(supplier.id);
    onClose();
  };
  return (
    <AlertDialog.Root
      open={supplier !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-brand-900">{copy.deleteTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink/80">
            {copy.deleteQuestion}
            {supplier ? <span className="mt-1 block font-semibold text-ink">{supplier.nome}</span> : null}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{copy.cancel}</Button>
            </AlertDialog.Cancel>
            <Button
              variant="destructive"
              busy={command.pending}
              onClick={() => {
                void confirm();
              }}
            >
              {command.pending ? copy.deleting : copy.remove}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
