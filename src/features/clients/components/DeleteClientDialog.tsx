// 'Excluir Cliente': a confirmation naming the client; on success, back to the list.
import { Trash2 } from 'lucide-react';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { ConfirmRunDialog } from '../../../ui/ConfirmRunDialog.tsx';

const copy = t.clients;

export function DeleteClientDialog({ clientId, nome }: { clientId: string; nome: string }) {
  const navigate = useNavigate();
  const command = useCommand((data) => data.clients.remove(clientId).then(() => true), {
    success: () => ({ title: copy.deleted }),
    describeFailure: () => copy.deleteFailed,
  });
  return (
    <ConfirmRunDialog
      trigger={
        <button type="button" className={buttonClass('ghost', 'text-red-700 hover:bg-red-50')}>
          <Trash2 aria-hidden size={18} />
          {copy.deleteClient}
        </button>
      }
      title={copy.deleteClient}
      description={copy.deleteQuestion(nome)}
      confirmLabel={copy.confirmDelete}
      busyLabel={copy.deleting}
      cancelLabel={copy.cancel}
      run={command.run}
      pending={command.pending}
      onDone={() => navigate({ to: '/clients' })}
    />
  );
}
