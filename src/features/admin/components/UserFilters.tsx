// The users page's filters (spec 2 §2): plan, payment status, email confirmed, time since last login, plan-start
// sort; one labelled select each. The page shows them inline on a desktop and in a dialog with 'Aplicar' on a phone.
import { useId } from 'react';
import { clsx } from 'clsx';
import { INACTIVITY_DAYS } from '../../../../workers/admin/schema.ts';
import { t } from '../../../i18n/pt-BR.ts';
import type { UserFilterValues } from '../user-filters.ts';

const copy = t.admin.users;
const SELECT =
  'block min-h-11 w-full rounded-xl border border-ink/20 bg-white px-3 text-base text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400';

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        className={SELECT}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function UserFilters({
  value,
  onChange,
  className,
}: {
  value: UserFilterValues;
  onChange: (value: UserFilterValues) => void;
  className?: string;
}) {
  return (
    <div className={clsx('grid gap-3', className)}>
      <Select
        label={copy.plan}
        value={value.plan}
        onChange={(plan) => {
          onChange({ ...value, plan: plan as UserFilterValues['plan'] });
        }}
        options={[
          ['', copy.allPlans],
          ['free', copy.planFree],
          ['premium', copy.planPremium],
        ]}
      />
      <Select
        label={copy.status}
        value={value.status}
        onChange={(status) => {
          onChange({ ...value, status: status as UserFilterValues['status'] });
        }}
        options={[
          ['', copy.allStatuses],
          ['ativo', copy.statusNames.ativo ?? 'ativo'],
          ['inativo', copy.statusNames.inativo ?? 'inativo'],
          ['suspenso', copy.statusNames.suspenso ?? 'suspenso'],
        ]}
      />
      <Select
        label={copy.emailFilter}
        value={value.confirmed}
        onChange={(confirmed) => {
          onChange({ ...value, confirmed: confirmed as UserFilterValues['confirmed'] });
        }}
        options={[
          ['', copy.allEmails],
          ['yes', copy.confirmedOnly],
          ['no', copy.pendingOnly],
        ]}
      />
      <Select
        label={copy.lastLogin}
        value={value.inactiveDays}
        onChange={(inactiveDays) => {
          onChange({ ...value, inactiveDays: inactiveDays as UserFilterValues['inactiveDays'] });
        }}
        options={[['', copy.anyLogin], ...INACTIVITY_DAYS.map((days) => [String(days), copy.moreThanDays(days)] as const)]}
      />
      <Select
        label={copy.sort}
        value={value.sort}
        onChange={(sort) => {
          onChange({ ...value, sort: sort as UserFilterValues['sort'] });
        }}
        options={[
          ['plan_desc', copy.newestFirst],
          ['plan_asc', copy.oldestFirst],
        ]}
      />
    </div>
  );
}
