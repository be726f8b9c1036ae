// One user on /admin/users (docs/product.md §2): name, plan and status badges ('Banido' apart from 'Suspenso', with the
// admin's reason), email confirmed or not, contact, market, plan dates, last login, and the actions (resend
// confirmation, edit, suspend/activate, premium/free, ban). Suspender, Banir and Excluir ask first, naming the
// user; on the admin's own card they are not offered (they would lock him out).
import { clsx } from 'clsx';
import { CheckCircle2, Crown, Mail, MailWarning, Pencil, ShieldBan, UserCheck, UserX } from 'lucide-react';
import type { AdminUserRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { formatDate, formatDateTime, maskPhone } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { useDeleteUser, usePlanToggle, useResendConfirmation, useStatusChange, useSuspendUser } from '../user-actions.ts';
import { userStanding, type StandingTone } from '../user-standing.ts';
import { CardField, CardRemoveButton } from './CardParts.tsx';
import { ConfirmedActionButton } from './ConfirmedActionButton.tsx';

const copy = t.admin.users;
const BADGE = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold';
const STANDING_COLOURS: Record<StandingTone, string> = {
  active: 'bg-green-100 text-green-800',
  blocked: 'bg-red-100 text-red-800',
  other: 'bg-ink/10 text-ink/80',
};

const dateOr = (value: string | null) => (value ? formatDate(value) || copy.notAvailable : copy.notAvailable);

export function UserCard({
  user,
  isSelf,
  onEdit,
}: {
  user: AdminUserRow;
  /** The signed-in admin's own account. */
  isSelf: boolean;
  onEdit: (user: AdminUserRow) => void;
}) {
  const plan = usePlanToggle();
  const status = useStatusChange();
  const suspend = useSuspendUser();
  const resend = useResendConfirmation();
  const remove = useDeleteUser();
  const name = user.nome ?? copy.noName;
  const premium = user.plan === 'premium';
  const active = user.status === 'ativo';
  const standing = userStanding(user);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold text-brand-900">{name}</h2>
        <span className={clsx(BADGE, premium ? 'bg-amber-100 text-amber-900' : 'bg-brand-50 text-brand-700')}>
          {premium ? <Crown aria-hidden size={12} /> : null}
          {premium ? copy.planPremium : copy.planFree}
        </span>
        <span className={clsx(BADGE, STANDING_COLOURS[standing.tone])}>{standing.label}</span>
        <span className={clsx(BADGE, user.emailConfirmed ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900')}>
          {user.emailConfirmed ? <CheckCircle2 aria-hidden size={12} /> : <MailWarning aria-hidden size={12} />}
          {user.emailConfirmed ? copy.emailConfirmed : copy.emailPending}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm lg:grid-cols-3">
        <CardField term={copy.email} value={user.email ?? copy.notAvailable} className="col-span-2 sm:col-span-1" />
        <CardField term={copy.phone} value={user.telefone ? maskPhone(user.telefone) : copy.notAvailable} />
        <CardField term={copy.market} value={user.nomeMercado ?? copy.notAvailable} />
        <CardField term={copy.planStart} value={dateOr(user.planStart)} />
        <CardField term={copy.planEnd} value={dateOr(user.planEnd)} />
        <CardField term={copy.lastSignIn} value={user.lastSignIn ? formatDateTime(user.lastSignIn) : copy.never} />
        {standing.reason === null ? null : (
          <CardField term={copy.suspensionReason} value={standing.reason} className="col-span-2 lg:col-span-3" />
        )}
      </dl>
      <div role="group" aria-label={copy.actionsOf(name)} className="flex flex-wrap gap-2">
        {!user.emailConfirmed && user.email ? (
          <Button variant="secondary" busy={resend.pending} onClick={() => void resend.run(user.email ?? '')}>
            <Mail aria-hidden size={16} />
            {resend.pending ? copy.resending : copy.resend}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          onClick={() => {
            onEdit(user);
          }}
        >
          <Pencil aria-hidden size={16} />
          {copy.edit}
        </Button>
        {isSelf ? null : active ? (
          <ConfirmedActionButton
            label={copy.suspend}
            icon={<UserX aria-hidden size={16} />}
            variant="secondary"
            title={copy.suspendTitle}
            description={copy.suspendDescription(name)}
            reasonLabel={copy.reason}
            busyLabel={copy.suspending}
            cancelLabel={copy.cancel}
            pending={suspend.pending}
            onConfirm={(reason) => suspend.run(user.id, reason, false)}
          />
        ) : (
          <Button variant="secondary" busy={status.pending} onClick={() => void status.run(user.id, 'ativo')}>
            <UserCheck aria-hidden size={16} />
            {copy.activate}
          </Button>
        )}
        <Button variant="secondary" busy={plan.pending} onClick={() => void plan.run(user.id, premium ? 'free' : 'premium')}>
          <Crown aria-hidden size={16} />
          {premium ? copy.makeFree : copy.makePremium}
        </Button>
        {!isSelf && !user.banned ? (
          <ConfirmedActionButton
            label={copy.ban}
            icon={<ShieldBan aria-hidden size={16} />}
            variant="destructive"
            title={copy.banTitle}
            description={copy.banDescription(name)}
            reasonLabel={copy.reason}
            busyLabel={copy.banning}
            cancelLabel={copy.cancel}
            pending={suspend.pending}
            onConfirm={(reason) => suspend.run(user.id, reason, true)}
          />
        ) : null}
        {isSelf ? null : (
          <CardRemoveButton
            copy={copy}
            description={copy.removeDescription(name)}
            pending={remove.pending}
            onRemove={() => remove.run(user.id)}
          />
        )}
      </div>
    </li>
  );
}
