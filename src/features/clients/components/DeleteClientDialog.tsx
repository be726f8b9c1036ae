// 'Excluir Cliente': a confirmation naming the client; on success, back to the list.
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/Dialogs.tsx';

const copy = t.clients;

export function DeleteClientDialog({ clientId, nome }: { clientId: string; nome: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const command = useCommand(
    async (data) => {
      await data.clients.remove(clientId);
      return true;
    },
    {
      success: () => ({ title: copy.deleted }),
      describeFailure: () => copy.deleteFailed,
    },
  );
  const confirm = async () => {
    const done = await command.run();
    setOpen(false);
    if (done) await navigate({ to: '/clients' });
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
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
      busy={command.pending}
      onConfirm={() => {
        void confirm();
      }}
    />
  );
}
