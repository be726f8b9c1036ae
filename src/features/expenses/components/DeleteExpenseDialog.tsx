// The delete confirmation: 'Tem certeza que deseja excluir esta despesa?'; online 'Despesa excluída com
// sucesso', offline 'Despesa agendada para exclusão' (the deletion syncs later).
import type { ExpenseRow } from '../../../../workers/api.ts';
import { DataError } from '../../../../workers/contract/errors.ts';
import { errorMessage } from '../../../i18n/errors.ts';
import { expensesText } from '../../../i18n/expenses.pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { ConfirmRunDialog } from '../../../ui/ConfirmRunDialog.tsx';
import { useOnline } from '../../../lib/use-online.ts';

const copy = expensesText;

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
  return (
    <ConfirmRunDialog
      open={expense !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={copy.deleteTitle}
      description={copy.deleteQuestion}
      confirmLabel={copy.confirmDelete}
      busyLabel={copy.deleting}
      cancelLabel={copy.cancel}
      run={() => (expense ? command.run(expense.id) : Promise.resolve(undefined))}
      pending={command.pending}
      onDone={onDeleted}
    >
      {expense ? <p className="mt-1 line-clamp-3 font-semibold text-ink [overflow-wrap:anywhere]">{expense.descricao}</p> : null}
    </ConfirmRunDialog>
  );
}
