// Fiado receivables by age. Each client's payments settle their oldest debts first (fiado sales and 'Adicionar
// Débito' entries, by date); what is still owed on each debt is aged by that debt's date: days from it to today,
// in the bands 0–30, 31–60, 61–90 and over 90. A client's age is that of their oldest debt not yet fully paid.
// The bands add up to the client's balance (fiado sales + debits − payments), in cents.
import { daysBetween } from './periods.ts';

export const AGEING_BANDS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBand = (typeof AGEING_BANDS)[number];

export interface DebtFact {
  readonly clienteId: string;
  readonly kind: 'debt' | 'payment';
  /** Local date (yyyy-MM-dd). */
  readonly data: string;
  /** Orders facts of the same day. */
  readonly createdAt: string;
  readonly valor: number;
}

export interface ClientAgeing {
  readonly clienteId: string;
  readonly saldo: number;
  /** Days since the oldest debt not yet fully paid. */
  readonly oldestDays: number;
  readonly band: AgeingBand;
}

export interface Receivables {
  readonly total: number;
  readonly bands: readonly { readonly band: AgeingBand; readonly total: number; readonly clients: number }[];
  /** Clients who owe, oldest debt first. */
  readonly clients: readonly ClientAgeing[];
}

export function bandOf(days: number): AgeingBand {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

const toCents = (value: number) => Math.round(value * 100);

export function receivablesOf(facts: readonly DebtFact[], today: string): Receivables {
  const byClient = new Map<string, DebtFact[]>();
  for (const fact of facts) {
    const list = byClient.get(fact.clienteId) ?? [];
    list.push(fact);
    byClient.set(fact.clienteId, list);
  }
  const bandCents = new Map<AgeingBand, number>(AGEING_BANDS.map((band) => [band, 0]));
  const bandClients = new Map<AgeingBand, number>(AGEING_BANDS.map((band) => [band, 0]));
  const clients: ClientAgeing[] = [];
  for (const [clienteId, list] of byClient) {
    let paid = list.filter((fact) => fact.kind === 'payment').reduce((sum, fact) => sum + toCents(fact.valor), 0);
    const debts = list
      .filter((fact) => fact.kind === 'debt')
      .sort((a, b) => (a.data === b.data ? a.createdAt.localeCompare(b.createdAt) : a.data < b.data ? -1 : 1));
    let owed = 0;
    let oldest: number | null = null;
    for (const debt of debts) {
      const amount = toCents(debt.valor);
      const settled = Math.min(paid, amount);
      paid -= settled;
      const open = amount - settled;
      if (open <= 0) continue;
      const days = Math.max(0, daysBetween(debt.data, today));
      oldest ??= days;
      owed += open;
      const band = bandOf(days);
      bandCents.set(band, (bandCents.get(band) ?? 0) + open);
    }
    if (owed > 0 && oldest !== null) {
      const band = bandOf(oldest);
      bandClients.set(band, (bandClients.get(band) ?? 0) + 1);
      clients.push({ clienteId, saldo: owed / 100, oldestDays: oldest, band });
    }
  }
  clients.sort((a, b) => b.oldestDays - a.oldestDays || b.saldo - a.saldo);
  const total = [...bandCents.values()].reduce((sum, cents) => sum + cents, 0);
  return {
    total: total / 100,
    bands: AGEING_BANDS.map((band) => ({ band, total: (bandCents.get(band) ?? 0) / 100, clients: bandClients.get(band) ?? 0 })),
    clients,
  };
}
