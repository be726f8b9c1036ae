// 'Excluir' for a sale older than the days this device keeps: online only (the server cancels it if it is still the
// revision read, and its stock, balance and reports follow); offline the button is disabled, with
// 'Disponível apenas online' beside it.
import { Trash2 } from 'lucide-react';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { SaleRemovalConfirm } from './DeleteSaleDialog.tsx';

const copy = salesHistoryText;

export function RemoveOlderSaleDialog({
  saleId,
  revision,
  onRemoved,
}: {
  saleId: string;
  revision: string;
  onRemoved: () => void;
}) {
  const online = useOnline();
  const command = useCommand((data) => data.sales.removeOlder({ id: saleId, revision }).then(() => true as const), {
    success: () => ({ title: copy.removed }),
    failureTitle: copy.removeFailed,
  });
  if (!online)
    return (
      <span className="flex flex-col items-stretch gap-1 sm:items-end">
        <button
          type="button"
          disabled
          aria-describedby="older-sale-online-only"
          className={buttonClass('ghost', 'px-3 text-red-700 disabled:opacity-50')}
        >
          <Trash2 aria-hidden size={18} />
          {copy.remove}
        </button>
        <span id="older-sale-online-only" className="text-center text-xs text-ink/70">
          {copy.onlineOnly}
        </span>
      </span>
    );
  return <SaleRemovalConfirm run={command.run} pending={command.pending} onRemoved={onRemoved} />;
}
