// The delete confirmation: 'Tem certeza que deseja excluir este fornecedor?'; offline the removal is kept on the
// device and sent when the connection returns.
import type { SupplierView } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { ConfirmRunDialog } from '../../../ui/ConfirmRunDialog.tsx';
import { useOnline } from '../../../lib/use-online.ts';

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
  return (
    <ConfirmRunDialog
      open={supplier !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={copy.deleteTitle}
      description={copy.deleteQuestion}
      confirmLabel={copy.remove}
      busyLabel={copy.deleting}
      cancelLabel={copy.cancel}
      run={() => (supplier ? command.run(supplier.id) : Promise.resolve(undefined))}
      pending={command.pending}
    >
      {supplier ? <p className="mt-1 font-semibold text-ink">{supplier.nome}</p> : null}
    </ConfirmRunDialog>
  );
}
