// A period older than the device keeps, read from the server (docs/growth.md §5): `relatorio_periodo` sums the
// server's daily rollups of its days (a year is 365 day rows and a GROUP BY over day-product rows). Answers are
// kept for the session, per period, and asked again after each sync; without the server and without an answer
// kept, the period is unavailable (never partial or zero figures).
import type { SupabaseClient } from '@supabase/supabase-js';
import * as v from 'valibot';
import { DataError } from '../contract/errors.ts';
import { addRollupRow, emptyPeriodSums, NO_SALES, type PeriodSums } from './day-sums.ts';

const count = v.number();
const money = v.number();
/** What `relatorio_periodo` answers: the period's day rows, and its products summed over the period. */
const periodAnswerSchema = v.object({
  dias: v.array(
    v.object({
      dia: v.string(),
      vendas: count,
      total: money,
      avista: money,
      avista_qtd: count,
      fiado: money,
      fiado_qtd: count,
      dinheiro: money,
      dinheiro_qtd: count,
      cartao: money,
      cartao_qtd: count,
      pix: money,
      pix_qtd: count,
      outro: money,
      outro_qtd: count,
      despesas: money,
      despesas_qtd: count,
    }),
  ),
  produtos: v.array(
    v.object({
      produto_id: v.string(),
      nome: v.nullable(v.string()),
      unidade: v.nullable(v.string()),
      quantidade: v.number(),
      receita: money,
    }),
  ),
});
type PeriodAnswer = v.InferOutput<typeof periodAnswerSchema>;

export interface ServerPeriod {
  sums: PeriodSums;
  /** What was entered under expenses in the period. */
  expenses: { cents: number; count: number };
}

export interface ServerPeriods {
  /** The period's sums from the server; null when it cannot be reached and no answer is kept. */
  read(from: string, to: string, online: boolean): Promise<ServerPeriod | null>;
  /** Forgets the answers kept (after a sync, the server's rollups may have moved). */
  refresh(): void;
}

function sumsOf(answer: PeriodAnswer, to: string): ServerPeriod {
  const sums = emptyPeriodSums();
  let expenseCents = 0;
  let expenseCount = 0;
  for (const day of answer.dias) {
    addRollupRow(sums, { ...NO_SALES, ...day, produto_id: null, nome: null, unidade: null, quantidade: 0, receita: 0 });
    expenseCents += Math.round(day.despesas * 100);
    expenseCount += day.despesas_qtd;
  }
  // The period's products come summed; each keeps the name of the latest day that sold it.
  for (const product of answer.produtos) addRollupRow(sums, { ...NO_SALES, ...product, dia: to });
  return { sums, expenses: { cents: expenseCents, count: expenseCount } };
}

export function serverPeriods(client: SupabaseClient): ServerPeriods {
  const kept = new Map<string, ServerPeriod>();
  return {
    async read(from, to, online) {
      const key = `${from}|${to}`;
      const found = kept.get(key);
      if (found) return found;
      if (!online) return null;
      const answer: { data: unknown; error: { code?: string; message: string } | null } = await client.rpc('relatorio_periodo', {
        p_de: from,
        p_ate: to,
      });
      const { data, error } = answer;
      if (error) {
        // A request that never reached the server carries no code: the period is out of reach, as offline.
        if (!error.code) return null;
        throw new DataError('internal', { diagnostic: `relatorio_periodo: ${error.code} ${error.message}` });
      }
      const parsed = v.safeParse(periodAnswerSchema, data);
      if (!parsed.success) throw new DataError('internal', { diagnostic: 'relatorio_periodo: resposta inesperada' });
      const period = sumsOf(parsed.output, to);
      kept.set(key, period);
      return period;
    },
    refresh() {
      kept.clear();
    },
  };
}
