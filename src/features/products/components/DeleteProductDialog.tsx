// 'Excluir produto': confirmation naming the product; on success 'Produto excluído' and back to the list.
import { Trash2 } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { ConfirmRunDialog } from '../../../ui/ConfirmRunDialog.tsx';

const copy = t.products;

export function DeleteProductDialog({ productId, name, onDeleted }: { productId: string; name: string; onDeleted: () => void }) {
  const remove = useCommand((data) => data.products.remove(productId).then(() => true), {
    failureTitle: copy.removeFailed,
    success: () => ({ title: copy.removed }),
  });
  return (
    <ConfirmRunDialog
      trigger={
        <button type="button" className={buttonClass('destructive', 'flex-1')}>
          <Trash2 aria-hidden size={20} />
          {copy.remove}
        </button>
      }
      title={copy.removeTitle}
      description={copy.removeText(name)}
      confirmLabel={copy.remove}
      busyLabel={copy.removing}
      cancelLabel={copy.cancel}
      run={remove.run}
      pending={remove.pending}
      onDone={onDeleted}
    />
  );
}
