// 'Excluir' on the edit screen: the spec's confirmation, then the sale is removed (its items back to stock, a
// fiado sale off the client's balance) and the screen leaves.
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/Dialogs.tsx';

const copy = salesHistoryText;

export function DeleteSaleDialog({ saleId, onRemoved }: { saleId: string; onRemoved: () => void }) {
  const [open, setOpen] = useState(false);
  const command = useCommand(
    async (data) => {
      await data.sales.remove(saleId);
      return true;
    },
    { success: () => ({ title: copy.removed }), describeFailure: () => copy.removeFailed },
  );
  const confirm = async () => {
    const done = await command.run();
    setOpen(false);
    if (done) onRemoved();
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className={buttonClass('ghost', 'px-3 text-red-700 hover:bg-red-50')}>
          <Trash2 aria-hidden size={18} />
          {copy.remove}
        </button>
      }
      title={copy.removeTitle}
      description={copy.removeQuestion}
      confirmLabel={copy.remove}
      busyLabel={copy.removing}
      cancelLabel={copy.cancel}
      busy={command.pending}
      onConfirm={() => {
        void confirm();
      }}
    />
  );
}
