// What stock and balances must be, computed afresh from the facts the server holds (an independent check of
// the worker's incremental counters): latest count + entries after it − sales after it, in HLC order.
import type { Owner } from './devices.ts';
import { serverRows } from './devices.ts';

type Row = Record<string, unknown>;
const thousandths = (value: unknown) => Math.round(Number(value) * 1000);

export async function expectedStock(owner: Owner): Promise<Map<string, number>> {
  const facts = (await serverRows(owner, 'historico_estoque')).filter((row) => row._deleted !== true);
  const sales = (await serverRows(owner, 'vendas')).filter((row) => row._deleted !== true);
  const products = (await serverRows(owner, 'produtos')).map((row) => String(row.id));
  const result = new Map<string, number>();
  for (const productId of products) {
    const mine = facts.filter((fact) => fact.produto_id === productId);
    const counts = mine
      .filter((fact) => fact.tipo === 'ajuste')
      .sort((a, b) =>
        String(a.hlc) === String(b.hlc) ? String(a.id).localeCompare(String(b.id)) : String(a.hlc) < String(b.hlc) ? -1 : 1,
      );
    const latest = counts.at(-1);
    const after = latest ? String(latest.hlc) : '';
    let total = latest ? thousandths(latest.quantidade) : 0;
    for (const fact of mine) if (fact.tipo === 'entrada' && String(fact.hlc) > after) total += thousandths(fact.quantidade);
    for (const sale of sales) {
      if (String(sale.hlc) <= after) continue;
      for (const item of sale.itens as Row[]) if (item.produto_id === productId) total -= thousandths(item.quantidade);
    }
    result.set(productId, total / 1000);
  }
  return result;
}

export async function expectedBalances(owner: Owner): Promise<Map<string, number>> {
  const clients = (await serverRows(owner, 'clientes')).map((row) => String(row.id));
  const sales = (await serverRows(owner, 'vendas')).filter((row) => row._deleted !== true && row.tipo === 'fiado');
  const ledger = (await serverRows(owner, 'fiado_lancamentos')).filter((row) => row._deleted !== true);
  const result = new Map<string, number>();
  for (const clientId of clients) {
    let cents = 0;
    for (const sale of sales) if (sale.cliente_id === clientId) cents += Math.round(Number(sale.total) * 100);
    for (const entry of ledger) {
      if (entry.cliente_id !== clientId) continue;
      cents += (entry.tipo === 'debito' ? 1 : -1) * Math.round(Number(entry.valor) * 100);
    }
    result.set(clientId, cents / 100);
  }
  return result;
}
