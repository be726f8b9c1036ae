// The dashboard's period switch (Dia, Semana, Mês): a segmented control, arrow keys move.
import type { Period } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { SegmentedControl } from '../../../ui/SegmentedControl.tsx';

const copy = t.dashboard;
const PERIODS: readonly Period[] = ['dia', 'semana', 'mes'];
const OPTIONS = PERIODS.map((period) => ({ value: period, label: copy.periods[period] }));

export function PeriodSwitch({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  return (
    <SegmentedControl legend={copy.periodLabel} name="dashboard-period" value={value} options={OPTIONS} onChange={onChange} />
  );
}
