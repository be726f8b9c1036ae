// The greatest HLC among a fact collection's documents, read from its most recent ones: a query sorted by `hlc`
// descending is not one the storage walks its index for (RxDB reads every document and sorts them), which after a
// busy season is a second of every start; an ascending range from a recent instant reads only that range.
import type { LocalDatabase } from './local-database.ts';
import { hlcPrefixAt } from '../sync/hlc.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back each search starts, widening until a range holds a document (null: from the very first). */
const LOOK_BACK_DAYS = [1, 7, 31, 366, null] as const;

/**
 * The greatest `hlc` of the collection's documents (deleted ones left out, as any query does), or null when it has
 * none; `nowMs` is only where the search starts (a stamp after it is found all the same).
 */
export async function latestStamp(
  database: LocalDatabase,
  name: 'vendas' | 'historico_estoque',
  nowMs: number,
): Promise<string | null> {
  for (const days of LOOK_BACK_DAYS) {
    const selector = days === null ? {} : { hlc: { $gte: hlcPrefixAt(nowMs - days * DAY_MS) } };
    const query = { selector, sort: [{ hlc: 'asc' as const }] };
    const recent = await (name === 'vendas' ? database.vendas.find(query) : database.historico_estoque.find(query)).exec();
    const last = recent.at(-1);
    if (last) return last.hlc;
  }
  return null;
}
