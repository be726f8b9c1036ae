// The users page's edit modal (docs/product.md §2): Nome, Email, Telefone, Nome do Mercado, Plano, Status and Data Fim
// Plano as a date; Salvar / Cancelar. Checked with the worker's own schema before it is sent.
import { useId, useState, type SyntheticEvent } from 'react';
import type { AdminUserRow } from '../../../../workers/api.ts';
import { USER_STATUSES, type UserPlan, type UserStatus } from '../../../../workers/admin/schema.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogCancel, FormDialog } from '../../../ui/Dialogs.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { useEditUser } from '../user-actions.ts';

const copy = t.admin.users;
const SELECT =
  'block min-h-12 w-full rounded-xl border border-ink/20 bg-white px-3 text-base text-ink focus:border-brand-600 focus:outline-none';

/** A timestamp as the yyyy-MM-dd of the device's day, for a date input. */
function dayOf(value: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The form's status, or undefined for one it does not offer (kept as it is when saved). */
const offeredStatus = (status: string): UserStatus | undefined => USER_STATUSES.find((value) => value === status);

function EditUserForm({ user, onDone }: { user: AdminUserRow; onDone: () => void }) {
  const edit = useEditUser();
  const planId = useId();
  const statusId = useId();
  const [nome, setNome] = useState(user.nome ?? '');
  const [email, setEmail] = useState(user.email ?? '');
  const [telefone, setTelefone] = useState(user.telefone ?? '');
  const [nomeMercado, setNomeMercado] = useState(user.nomeMercado ?? '');
  const [plan, setPlan] = useState<UserPlan>(user.plan === 'premium' ? 'premium' : 'free');
  const [status, setStatus] = useState(user.status);
  // A status the form does not offer stays a choice of its own, so that saving other fields keeps it.
  const statusChoices: readonly string[] = offeredStatus(user.status) ? USER_STATUSES : [user.status, ...USER_STATUSES];
  const [planEnd, setPlanEnd] = useState(dayOf(user.planEnd));

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const saved = await edit.run({
      userId: user.id,
      nome,
      email,
      telefone,
      nomeMercado,
      plan,
      status: offeredStatus(status),
      planEnd,
    });
    if (saved) onDone();
  };

  return (
    <form className="mt-4 flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={copy.name}
        value={nome}
        onChange={(event) => {
          setNome(event.target.value);
        }}
        error={edit.fieldErrors.nome}
      />
      <TextField
        label={copy.email}
        type="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
        }}
        error={edit.fieldErrors.email}
      />
      <TextField
        label={copy.phone}
        inputMode="tel"
        value={telefone}
        onChange={(event) => {
          setTelefone(event.target.value);
        }}
        error={edit.fieldErrors.telefone}
      />
      <TextField
        label={copy.marketName}
        value={nomeMercado}
        onChange={(event) => {
          setNomeMercado(event.target.value);
        }}
        error={edit.fieldErrors.nomeMercado}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={planId} className="mb-1 block text-sm font-medium">
            {copy.plan}
          </label>
          <select
            id={planId}
            className={SELECT}
            value={plan}
            onChange={(event) => {
              setPlan(event.target.value === 'premium' ? 'premium' : 'free');
            }}
          >
            <option value="free">{copy.planFree}</option>
            <option value="premium">{copy.planPremium}</option>
          </select>
        </div>
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium">
            {copy.status}
          </label>
          <select
            id={statusId}
            className={SELECT}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
            }}
          >
            {statusChoices.map((value) => (
              <option key={value} value={value}>
                {copy.statusNames[value] ?? value}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField
        label={copy.planEndDate}
        type="date"
        value={planEnd}
        onChange={(event) => {
          setPlanEnd(event.target.value);
        }}
        error={edit.fieldErrors.planEnd}
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogCancel>{copy.cancel}</DialogCancel>
        <Button type="submit" busy={edit.pending}>
          {edit.pending ? copy.saving : copy.save}
        </Button>
      </div>
    </form>
  );
}

export function EditUserDialog({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) {
  return (
    <FormDialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={copy.editTitle}
      closeLabel={copy.cancel}
    >
      {user ? <EditUserForm key={user.id} user={user} onDone={onClose} /> : null}
    </FormDialog>
  );
}
