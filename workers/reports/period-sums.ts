// A period's sums on the device (docs/growth.md §5): the daily rollup rows of its days other than today, today's
// sales, and what the sales the rows do not hold yet add to them. Reads the period's rollup rows and today's sales
// by their indexes, never the period's sales.
import type { VendasDoc } from '../../schemas/index.ts';
import type { Workspace } from '../db/workspace.ts';
import { addRollupRow, addSale, emptyPeriodSums, type PeriodSums } from './day-sums.ts';

export interface DevicePeriod {
  sums: PeriodSums;
  /** Today's sales when today is in the period (they give the hours and today's count). */
  todaySales: VendasDoc[];
}

export async function periodSumsOnDevice(workspace: Workspace, from: string, to: string, today: string): Promise<DevicePeriod> {
  const db = workspace.database;
  const withToday = today >= from && today <= to;
  const [rows, todayDocs] = await Promise.all([
    db.resumos_dia.find({ selector: { dia: { $gte: from, $lte: to } } }).exec(),
    withToday ? db.vendas.find({ selector: { data: today } }).exec() : Promise.resolve([]),
    workspace.unfoldedSales.ready,
  ]);
  const sums = emptyPeriodSums();
  const stamps = new Map<string, string | null>();
  for (const doc of rows) {
    const row = doc.toJSON();
    if (row.dia === today) continue;
    if (!row.produto_id) stamps.set(row.dia, row.server_modified ?? null);
    addRollupRow(sums, row);
  }
  const todaySales = todayDocs.map((doc) => doc.toJSON() as VendasDoc);
  for (const sale of todaySales) addSale(sums, sale, 1);
  workspace.unfoldedSales.addUnfolded(sums, from, to, (day) => stamps.get(day) ?? null, today);
  return { sums, todaySales };
}
