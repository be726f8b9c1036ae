// The 'Enviar Notificação' tab (docs/product.md §2): Tipo (required), Usuário (optional; blank sends to every user in one
// server call, after a confirmation saying how many users it reaches), Mensagem (required, 4 rows), ID de referência
// (optional); 'Preencha todos os campos obrigatórios'.
import { useId, useState, type SyntheticEvent } from 'react';
import { Send } from 'lucide-react';
import { t } from '../../../i18n/admin-catalogue.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/Dialogs.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { showToast } from '../../../ui/toast.ts';
import { useSendNotification } from '../notification-actions.ts';
import { EMPTY_SEND_FORM, SENDABLE_TYPES, toSendInput } from '../notification-rules.ts';
import { useNotificationRecipients } from '../notifications-queries.ts';
import type { SendNotificationInput } from '../../../../workers/api.ts';
import { NotificationsUserPicker, type PickedUser } from './NotificationsUserPicker.tsx';

const copy = t.adminNotifications;
const FIELD =
  'block w-full rounded-xl border bg-white px-4 text-base text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400';

export function NotificationsSendForm() {
  const typeId = useId();
  const messageId = useId();
  const errorId = useId();
  const send = useSendNotification();
  const [tipo, setTipo] = useState('');
  const [user, setUser] = useState<PickedUser | null>(null);
  const [mensagem, setMensagem] = useState('');
  const [referenciaId, setReferenciaId] = useState('');
  const [missing, setMissing] = useState<readonly string[]>([]);
  const [confirmingAll, setConfirmingAll] = useState<SendNotificationInput | null>(null);
  const recipients = useNotificationRecipients(confirmingAll !== null);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = toSendInput({ ...EMPTY_SEND_FORM, tipo, userId: user?.id ?? null, mensagem, referenciaId });
    if (!checked.ok) {
      setMissing(checked.missing);
      showToast({ title: copy.required, kind: 'destructive' });
      return;
    }
    setMissing([]);
    // A send to all asks first, with the number of users it reaches.
    if (!checked.input.userId) setConfirmingAll(checked.input);
    else deliver(checked.input);
  };
  const deliver = (input: SendNotificationInput) => {
    void send.run(input).then((sent) => {
      setConfirmingAll(null);
      if (!sent) return;
      setTipo('');
      setUser(null);
      setMensagem('');
      setReferenciaId('');
    });
  };
  const invalid = (field: string) => (missing.includes(field) ? true : undefined);

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-2xl flex-col gap-4 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <label htmlFor={typeId} className="mb-1 block text-sm font-medium text-ink">
          {copy.type} <span aria-hidden>*</span>
        </label>
        <select
          id={typeId}
          required
          aria-invalid={invalid('tipo')}
          aria-describedby={invalid('tipo') ? errorId : undefined}
          className={`${FIELD} min-h-12 ${invalid('tipo') ? 'border-red-600' : 'border-ink/20'}`}
          value={tipo}
          onChange={(event) => {
            setTipo(event.target.value);
          }}
        >
          <option value="">{copy.chooseType}</option>
          {SENDABLE_TYPES.map((option) => (
            <option key={option} value={option}>
              {copy.types[option]}
            </option>
          ))}
        </select>
      </div>
      <NotificationsUserPicker value={user} onChange={setUser} />
      <div>
        <label htmlFor={messageId} className="mb-1 block text-sm font-medium text-ink">
          {copy.message} <span aria-hidden>*</span>
        </label>
        <textarea
          id={messageId}
          rows={4}
          required
          maxLength={1000}
          aria-invalid={invalid('mensagem')}
          aria-describedby={invalid('mensagem') ? errorId : undefined}
          className={`${FIELD} py-3 ${invalid('mensagem') ? 'border-red-600' : 'border-ink/20'}`}
          value={mensagem}
          onChange={(event) => {
            setMensagem(event.target.value);
          }}
        />
      </div>
      <TextField
        label={copy.referenceOptional}
        maxLength={36}
        value={referenciaId}
        onChange={(event) => {
          setReferenciaId(event.target.value);
        }}
      />
      <p id={errorId} role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {missing.length > 0 ? copy.required : ''}
      </p>
      <Button type="submit" busy={send.pending} className="sm:self-start">
        <Send aria-hidden size={18} />
        {send.pending ? copy.sending : copy.send}
      </Button>
      <ConfirmDialog
        open={confirmingAll !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmingAll(null);
        }}
        title={copy.sendAllTitle}
        description={recipients.data === undefined ? copy.countingRecipients : copy.sendAllDescription(recipients.data)}
        confirmLabel={copy.send}
        busyLabel={copy.sending}
        cancelLabel={copy.cancel}
        busy={send.pending || recipients.data === undefined}
        onConfirm={() => {
          if (confirmingAll) deliver(confirmingAll);
        }}
      />
    </form>
  );
}
