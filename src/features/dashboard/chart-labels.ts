// How the dashboard names the points of its chart and a top product's quantity: hours for 'dia', Seg…Dom with
// 'Hoje' for the current day of the week, the day of the month for 'mes'.
import type { ChartPoint, Period } from '../../../workers/api.ts';
import { t } from '../../i18n/pt-BR.ts';
import { formatQuantity } from '../../lib/format.ts';

const copy = t.dashboard;

export function pointLabel(period: Period, point: ChartPoint, index: number): string {
  if (period === 'dia') return copy.hour(point.key);
  if (period === 'semana') return point.current ? copy.today : (copy.weekdays[index] ?? point.key);
  return String(Number(point.key.slice(8, 10)));
}

/** A quantity sold with its unit: weights with up to 3 decimals ('0,75 kg'), others whole ('12 un'). */
export function quantityLabel(quantity: number, unit: string): string {
  return `${formatQuantity(quantity, unit)} ${unit}`;
}

/** The owner's first name for the greeting, 'Vendedor' without a name. */
export function greetingName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] || copy.fallbackName;
}
