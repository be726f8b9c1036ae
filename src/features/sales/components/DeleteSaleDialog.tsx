// 'Excluir' on the edit screen: the spec's confirmation, then the sale is removed (its items back to stock, a
// fiado sale off the client's balance) and the screen leaves.
import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import { Trash2 } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';

const copy = t.salesHistory;

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
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={buttonClass('ghost', 'px-3 text-red-700 hover:bg-red-50')}>
        <Trash2 aria-hidden size={18} />
        {copy.remove}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-brand-900">{copy.removeTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink/80">{copy.removeQuestion}</AlertDialog.Description>
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
              {command.pending ? copy.removing : copy.remove}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
