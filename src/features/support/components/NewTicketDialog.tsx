// 'Novo ticket': Título, Descrição and Prioridade, checked with the worker's own schema; opens the new ticket.
import { useId, useState, type SyntheticEvent } from 'react';
import { Plus } from 'lucide-react';
import { DESCRIPTION_MAX, TICKET_PRIORITIES, TITLE_MAX, type TicketPriority } from '../../../../workers/support/schema.ts';
import { ownerSupportText } from '../../../i18n/admin-support.pt-BR.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogCancel, FormDialog } from '../../../ui/Dialogs.tsx';
import { inputClass, TextField } from '../../../ui/form/TextField.tsx';
import { useOpenTicket } from '../commands.ts';

const copy = ownerSupportText;
const SELECT =
  'block min-h-12 w-full rounded-xl border border-ink/20 bg-white px-3 text-base text-ink focus:border-brand-600 focus:outline-none';

const priorityOf = (value: string): TicketPriority => TICKET_PRIORITIES.find((option) => option === value) ?? 'medium';

function NewTicketForm({ onOpened }: { onOpened: (id: string) => void }) {
  const open = useOpenTicket();
  const descriptionId = useId();
  const priorityId = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('medium');
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const opened = await open.run({ title, description, priority });
    if (opened) onOpened(opened.id);
  };
  return (
    <form className="mt-4 flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={copy.titleLabel}
        value={title}
        maxLength={TITLE_MAX}
        onChange={(event) => {
          setTitle(event.target.value);
          open.reset();
        }}
        error={open.fieldErrors.title}
      />
      <div>
        <label htmlFor={descriptionId} className="mb-1 block text-sm font-medium">
          {copy.descriptionLabel}
        </label>
        <textarea
          id={descriptionId}
          rows={5}
          maxLength={DESCRIPTION_MAX}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
          }}
          className={`${inputClass} border-ink/20 py-3`}
        />
      </div>
      <div>
        <label htmlFor={priorityId} className="mb-1 block text-sm font-medium">
          {copy.priorityLabel}
        </label>
        <select
          id={priorityId}
          className={SELECT}
          value={priority}
          onChange={(event) => {
            setPriority(priorityOf(event.target.value));
          }}
        >
          {TICKET_PRIORITIES.map((option) => (
            <option key={option} value={option}>
              {copy.priorityNames[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogCancel>{copy.cancel}</DialogCancel>
        <Button type="submit" busy={open.pending}>
          {open.pending ? copy.creating : copy.create}
        </Button>
      </div>
    </form>
  );
}

export function NewTicketDialog({ disabled, onOpened }: { disabled: boolean; onOpened: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button disabled={disabled}>
          <Plus aria-hidden size={18} />
          {copy.newTicket}
        </Button>
      }
      title={copy.newTicketTitle}
      description={copy.newTicketDescription}
      closeLabel={copy.cancel}
    >
      {open ? (
        <NewTicketForm
          onOpened={(id) => {
            setOpen(false);
            onOpened(id);
          }}
        />
      ) : null}
    </FormDialog>
  );
}
