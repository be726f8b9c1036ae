// The reports page's address and labels: ?periodo=dia|semana|mes|custom&de=…&ate=… read into the worker's report
// parameters (anything invalid falls back to today), and how chart buckets, shares and quantities are written.
import * as v from 'valibot';
import type { Granularity, ReportParams, ReportPeriod } from '../../../workers/api.ts';
import { checkInput } from '../../../workers/contract/input.ts';
import { reportParamsSchema } from '../../../workers/reports/schema.ts';
import { t } from '../../i18n/pt-BR.ts';
import { formatDate, formatQuantity } from '../../lib/format.ts';

const copy = t.reports;

export const reportSearchSchema = v.object({
  periodo: v.optional(v.picklist(['dia', 'semana', 'mes', 'custom'])),
  de: v.optional(v.string()),
  ate: v.optional(v.string()),
});

export type ReportSearch = v.InferOutput<typeof reportSearchSchema>;

/** The address's search, kept only when it is valid; the page opens on today otherwise. */
export function readReportSearch(search: Record<string, unknown>): ReportSearch {
  const periodo = search.periodo;
  const text = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  if (periodo === 'custom') {
    const de = text(search.de);
    const ate = text(search.ate);
    return de && ate ? { periodo, de, ate } : {};
  }
  return periodo === 'semana' || periodo === 'mes' || periodo === 'dia' ? { periodo } : {};
}

/** The worker's parameters for the address (today when the range is not valid). */
export function reportParamsOf(search: ReportSearch): ReportParams {
  if (search.periodo === 'custom') {
    const checked = checkInput(reportParamsSchema, { period: 'custom', from: search.de, to: search.ate });
    if (checked.ok) return checked.value;
  }
  return { period: search.periodo && search.periodo !== 'custom' ? search.periodo : 'dia' };
}

/** Why a custom range cannot be applied, in the owner's words; null when it can. */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return copy.rangeRequired;
  const checked = checkInput(reportParamsSchema, { period: 'custom', from, to });
  if (checked.ok) return null;
  return checked.issues.some((issue) => issue.code === 'too_large') ? copy.rangeTooLong : copy.rangeInvalid;
}

export function periodName(period: ReportPeriod): string {
  return copy.periods[period];
}

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** A chart bucket as the owner reads it: '14h', '24/11', 'Sem. 23/11', 'nov/26'. */
export function bucketLabel(granularity: Granularity, key: string): string {
  if (granularity === 'hora') return copy.hour(key);
  if (granularity === 'mes') return `${MONTHS[Number(key.slice(5, 7)) - 1] ?? key}/${key.slice(2, 4)}`;
  const day = `${key.slice(8, 10)}/${key.slice(5, 7)}`;
  return granularity === 'semana' ? copy.weekOf(day) : day;
}

/** The bucket in full for the export and the tooltip: '24/11/2026 14h', '24/11/2026', 'Sem. 23/11/2026', 'nov/26'. */
export function bucketTitle(granularity: Granularity, key: string, from: string): string {
  if (granularity === 'hora') return `${formatDate(from)} ${copy.hour(key)}`;
  if (granularity === 'dia') return formatDate(key);
  if (granularity === 'semana') return copy.weekOf(formatDate(key));
  return bucketLabel(granularity, key);
}

/** A part of a whole as a whole percentage ('0' when the whole is zero). */
export function shareOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** '3 un', '0,75 kg'. */
export function quantityText(quantity: number, unit: string): string {
  return `${formatQuantity(quantity, unit)} ${unit}`;
}
