// 'Editar Venda' on the device: the sale document is rewritten in one write (date, terms, lines, total), and
// stock and fiado balances follow from it by derivation (workers/ledger).
//
// The sale keeps its hlc. The hlc places the sale among the stock facts of its products ("sold after the last
// count"): an edit corrects what was sold at that moment, it is not a new sale. A count taken after the sale
// already saw the shelf without those goods, so the edited quantities must stay before it; a fresh hlc would
// take the whole sale off the stock a second time after that count. The server derives the same way (old
// version given back at its hlc, new version taken at its hlc: 0003_sales_items_and_derived_counters.sql).
//
// Two devices editing the same sale merge by the rules of workers/db/merge-rules.ts: the lines and the total
// travel together, and so do the type, client and payment (never a fiado sale without its client, never a
// total that is not the sum of its lines); the later edit wins each group both changed; a deletion wins.
//
// A split payment's parts (docs/product.md §10) travel with the payment. An edit gives new parts, or null to go back
// to one method, or none to keep the sale's own; whichever it leaves must still add up to the edited total and
// agree with the type, else the edit is refused on `pagamentos` and nothing is written. When one device edits the
// lines and another the payment at once, parts that would no longer add up to the merged total follow the lines:
// the merge takes the payment from the side whose lines it keeps (`boundGroups`, workers/db/merge-rules.ts).
import type { VendasDoc } from '../../schemas/index.ts';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import { cents, patchOwned } from '../db/records.ts';
import type { Workspace } from '../db/workspace.ts';
import type { PaidSale, PaymentPart } from '../till/summary.ts';
import { cashDueOf, covers, partsInCents, refuseBadParts } from './payment-parts.ts';
import { saleEditSchema, type SaleEdit } from './schema.ts';

type SaleLine = VendasDoc['itens'][number];

/** Money of each line less its discount, summed in cents (no floating-point drift over many lines). */
export function totalOf(lines: readonly { preco_total: number; desconto?: number }[]): number {
  return cents(
    lines.reduce((sum, line) => sum + Math.round(line.preco_total * 100) - Math.round((line.desconto ?? 0) * 100), 0) / 100,
  );
}

/**
 * What a sale comes to: its lines less their discounts, less the sale's discount, which is refused above what the
 * lines come to (docs/product.md §10). Amounts in reais, exact to the cent.
 */
export function totalsOf(
  lines: readonly { preco_total: number; desconto?: number }[],
  saleDiscount: number,
): { total: number; desconto: number } {
  const linesTotal = totalOf(lines);
  const desconto = cents(saleDiscount);
  if (Math.round(desconto * 100) > Math.round(linesTotal * 100))
    throw DataError.invalid([{ field: 'desconto', code: 'too_large', limit: linesTotal }]);
  return { total: (Math.round(linesTotal * 100) - Math.round(desconto * 100)) / 100, desconto };
}

/** A line with a new quantity: its price is the sale's, never today's product price; its discount at most its amount. */
function withQuantity(line: SaleLine, quantidade: number): SaleLine {
  const precoTotal = cents(line.preco_unitario * quantidade);
  return line.desconto === undefined
    ? { ...line, quantidade, preco_total: precoTotal }
    : { ...line, quantidade, preco_total: precoTotal, desconto: Math.min(line.desconto, precoTotal) };
}

/**
 * The cash received stays with an edited sale still paid (in part) in cash whose new cash amount it covers; otherwise
 * it goes.
 */
function cashKept(received: number | null, paid: PaidSale): number | null {
  const due = cashDueOf(paid);
  if (received === null || due === null) return null;
  return covers(received, due) ? received : null;
}

/**
 * The parts an edit leaves: those it gives (null: back to one method), or the sale's own when it gives none. They
 * must still stand with the edited total and type, else the edit is refused on `pagamentos`.
 */
function editedParts(edit: { pagamentos?: readonly PaymentPart[] | null }, current: VendasDoc): PaymentPart[] | null {
  return edit.pagamentos === undefined ? partsInCents(current.pagamentos) : partsInCents(edit.pagamentos);
}

export async function updateSale(workspace: Workspace, input: SaleEdit): Promise<void> {
  const edit = parseInput(saleEditSchema, input);
  const doc = await workspace.database.vendas.findOne(edit.id).exec();
  if (!doc) throw new DataError('not_found', { diagnostic: `vendas ${edit.id}` });
  const current = doc.toJSON() as VendasDoc;
  // An edited line keeps the sale's line of its product (its price, name and unit as sold); a product the
  // sale did not have is a new line at the product's price.
  const unused = [...current.itens];
  const wanted = edit.itens
    .map((item, index) => ({ ...item, index }))
    .filter((item) => item.quantidade > 0)
    .map((item) => {
      const at = unused.findIndex((line) => line.produto_id === item.produto_id);
      const line = at >= 0 ? unused.splice(at, 1)[0] : undefined;
      return { ...item, line };
    });
  const newIds = wanted.filter((item) => !item.line).map((item) => item.produto_id);
  const products = await workspace.database.produtos.findByIds(newIds).exec();
  const itens = wanted.map((item): SaleLine => {
    if (item.line) return withQuantity(item.line, item.quantidade);
    const product = products.get(item.produto_id);
    if (!product)
      throw new DataError('not_found', { issues: [{ field: `itens.${String(item.index)}.produto_id`, code: 'required' }] });
    return withQuantity(
      {
        produto_id: product.id,
        quantidade: item.quantidade,
        preco_unitario: product.preco,
        preco_total: 0,
        nome_produto: product.nome,
        marca_produto: product.marca ?? null,
        unidade_produto: product.unidade,
      },
      item.quantidade,
    );
  });
  // The sale's discount stays as given, lowered to what the edited lines come to.
  const total = Math.max(0, Math.round(totalOf(itens) * 100) - Math.round((current.desconto ?? 0) * 100)) / 100;
  const desconto = Math.round((totalOf(itens) - total) * 100) / 100;
  const pagamentos = editedParts(edit, current);
  const paid = { tipo: edit.tipo, forma_pagamento: edit.forma_pagamento, total, pagamentos };
  refuseBadParts(paid);
  await patchOwned(workspace, 'vendas', edit.id, {
    data: edit.data,
    tipo: edit.tipo,
    cliente_id: edit.cliente_id,
    forma_pagamento: edit.forma_pagamento,
    forma_pagamento_descricao: edit.forma_pagamento_descricao,
    itens,
    total,
    desconto: desconto > 0 ? desconto : null,
    valor_recebido: cashKept(current.valor_recebido ?? null, paid),
    // A sale that never had parts keeps no key for them (as a sale written by one method is stored).
    ...(pagamentos === null && !current.pagamentos ? {} : { pagamentos }),
  });
}
