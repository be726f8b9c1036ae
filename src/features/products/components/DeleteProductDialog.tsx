// 'Excluir produto': confirmation naming the product; on success 'Produto excluído' and back to the list.
import { AlertDialog } from 'radix-ui';
import { Trash2 } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';

const copy = t.products;

export function DeleteProductDialog({ productId, name, onDeleted }: { productId: string; name: string; onDeleted: () => void }) {
  const remove = useCommand((data) => data.products.remove(productId).then(() => true), {
    failureTitle: copy.removeFailed,
    success: () => ({ title: copy.removed }),
  });
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={buttonClass('destructive', 'flex-1')}>
        <Trash2 aria-hidden size={20} />
        {copy.remove}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-xl font-bold text-brand-900">{copy.removeTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink/80">{copy.removeText(name)}</AlertDialog.Description>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
            <Button
              variant="destructive"
              busy={remove.pending}
              className="sm:flex-1"
              onClick={() => {
                void remove.run().then((done) => {
                  if (done) onDeleted();
                });
              }}
            >
              {remove.pending ? copy.removing : copy.remove}
            </Button>
            <AlertDialog.Cancel className={buttonClass('secondary', 'sm:flex-1')}>{copy.cancel}</AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
