// The dashboard's period switch (Dia, Semana, Mês): a radio group drawn as a segmented control, arrow keys move.
import { clsx } from 'clsx';
import type { Period } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';

const copy = t.dashboard;
const PERIODS: readonly Period[] = ['dia', 'semana', 'mes'];

export function PeriodSwitch({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{copy.periodLabel}</legend>
      <div className="inline-flex w-full rounded-xl bg-brand-50 p-1 sm:w-auto">
        {PERIODS.map((period) => (
          <label
            key={period}
            className={clsx(
              'flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg px-4 font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 sm:flex-none',
              value === period ? 'bg-white text-brand-700 shadow-sm' : 'text-ink/70 hover:text-brand-700',
            )}
          >
            <input
              type="radio"
              name="dashboard-period"
              value={period}
              checked={value === period}
              onChange={() => {
                onChange(period);
              }}
              className="sr-only"
            />
            {copy.periods[period]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
