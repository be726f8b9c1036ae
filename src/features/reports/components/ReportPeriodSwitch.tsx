// The report's period: Hoje, Semana, Mês or Personalizado (a segmented control; arrow keys move), and for
// Personalizado two dates with 'Aplicar', checked with the worker's own rule.
import { useState, type SyntheticEvent } from 'react';
import type { ReportPeriod } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { Button } from '../../../ui/Button.tsx';
import { SegmentedControl } from '../../../ui/SegmentedControl.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { periodName, rangeProblem } from '../report-params.ts';

const copy = t.reports;
const PERIODS: readonly ReportPeriod[] = ['dia', 'semana', 'mes', 'custom'];

export interface ReportPeriodSwitchProps {
  readonly period: ReportPeriod;
  /** The custom range applied (yyyy-MM-dd), if any. */
  readonly from?: string;
  readonly to?: string;
  /** The range to offer when Personalizado is first chosen. */
  readonly suggested: { readonly from: string; readonly to: string };
  readonly onPeriod: (period: Exclude<ReportPeriod, 'custom'>) => void;
  readonly onRange: (from: string, to: string) => void;
}

export function ReportPeriodSwitch({ period, from, to, suggested, onPeriod, onRange }: ReportPeriodSwitchProps) {
  const [custom, setCustom] = useState(period === 'custom');
  const [de, setDe] = useState(from ?? suggested.from);
  const [ate, setAte] = useState(to ?? suggested.to);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = custom ? 'custom' : period;
  const apply = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = rangeProblem(de, ate);
    setProblem(found);
    if (!found) onRange(de, ate);
  };
  return (
    <div className="flex flex-col gap-3">
      <SegmentedControl
        legend={copy.periodLabel}
        name="report-period"
        dense
        value={chosen}
        options={PERIODS.map((option) => ({ value: option, label: periodName(option) }))}
        onChange={(option) => {
          if (option === 'custom') {
            setCustom(true);
            // Start from the period on screen.
            if (!de) setDe(suggested.from);
            if (!ate) setAte(suggested.to);
            return;
          }
          setCustom(false);
          setProblem(null);
          onPeriod(option);
        }}
      />
      {custom ? (
        <form noValidate onSubmit={apply} className="flex flex-wrap items-start gap-x-3 gap-y-1">
          <TextField
            label={copy.from}
            type="date"
            value={de}
            className="min-w-36 flex-1 sm:flex-none"
            onChange={(event) => {
              setDe(event.target.value);
              setProblem(null);
            }}
          />
          <TextField
            label={copy.to}
            type="date"
            value={ate}
            className="min-w-36 flex-1 sm:flex-none"
            error={problem ?? undefined}
            onChange={(event) => {
              setAte(event.target.value);
              setProblem(null);
            }}
          />
          <Button type="submit" variant="secondary" className="mt-6 w-full sm:w-auto">
            {copy.apply}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
