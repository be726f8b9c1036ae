// The delete confirmation: 'Tem certeza que deseja excluir esta despesa?'; online 'Despesa excluída com
// sucesso', offline 'Despesa agendada para exclusão' (the deletion syncs later).
import { AlertDialog } from 'radix-ui';
import type { ExpenseRow } from '../../../../workers/api.ts';
import { DataError } from '../../../../workers/contract/errors.ts';
import { errorMessage } from '../../../i18n/errors.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { useOnline } from '../use-online.ts';

const copy = t.expenses;

export function DeleteExpenseDialog({
  expense,
  onClose,
  onDeleted,
}: {
  expense: ExpenseRow | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const online = useOnline();
  const command = useCommand(
    async (data, id: string) => {
      await data.expenses.remove(id);
      return true;
    },
    {
      success: () => ({ title: online ? copy.deleted : copy.deletedOffline }),
      describeFailure: (thrown) => ({ title: copy.deleteErrorTitle, description: errorMessage(DataError.from(thrown)) }),
    },
  );
  const confirm = async () => {
    if (!expense) return;
    const done = await command.run(expense.id);
    onClose();
    if (done) onDeleted();
  };
  return (
    <AlertDialog.Root
      open={expense !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-brand-900">{copy.deleteTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink/80">{copy.deleteQuestion}</AlertDialog.Description>
          {expense ? <p className="mt-1 truncate font-semibold text-ink">{expense.descricao}</p> : null}
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
              {command.pending ? copy.deleting : copy.confirmDelete}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
