// The users page's filters (docs/product.md §2): plan, payment status, email confirmed, time since last login, plan-start
// sort; one labelled select each. The page shows them inline on a desktop and in a dialog with 'Aplicar' on a phone.
import { clsx } from 'clsx';
import { INACTIVITY_DAYS } from '../../../../workers/admin/schema.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import type { UserFilterValues } from '../user-filters.ts';
import { FilterSelect } from './FilterSelect.tsx';

const copy = t.admin.users;

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
      <FilterSelect
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
      <FilterSelect
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
      <FilterSelect
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
      <FilterSelect
        label={copy.lastLogin}
        value={value.inactiveDays}
        onChange={(inactiveDays) => {
          onChange({ ...value, inactiveDays: inactiveDays as UserFilterValues['inactiveDays'] });
        }}
        options={[['', copy.anyLogin], ...INACTIVITY_DAYS.map((days) => [String(days), copy.moreThanDays(days)] as const)]}
      />
      <FilterSelect
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
