// 'Excluir' on the edit screen: the spec's confirmation, then the sale is removed (its items back to stock, a
// fiado sale off the client's balance) and the screen leaves. `SaleRemovalConfirm` is the button and question both
// removals share (this one, kept on the device, and the online one of an older sale).
import { Trash2 } from 'lucide-react';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { ConfirmRunDialog } from '../../../ui/ConfirmRunDialog.tsx';

const copy = salesHistoryText;

export function SaleRemovalConfirm({
  run,
  pending,
  onRemoved,
}: {
  run: () => Promise<true | undefined>;
  pending: boolean;
  onRemoved: () => void;
}) {
  return (
    <ConfirmRunDialog
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
      run={run}
      pending={pending}
      onDone={onRemoved}
    />
  );
}

export function DeleteSaleDialog({ saleId, onRemoved }: { saleId: string; onRemoved: () => void }) {
  const command = useCommand((data) => data.sales.remove(saleId).then(() => true as const), {
    success: () => ({ title: copy.removed }),
    describeFailure: () => copy.removeFailed,
  });
  return <SaleRemovalConfirm run={command.run} pending={command.pending} onRemoved={onRemoved} />;
}
