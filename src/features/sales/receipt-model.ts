// What a printed receipt says, once for every way out (the print view, the PDF and the thermal printer): shop,
// number, date and time, lines with quantity, unit price and discount, subtotal and discounts, total, type and payment (a
// split sale's parts, one row each), cash received and change, the client and the balance they owe after a fiado sale,
// and the shop's PIX code when the shop has a key.
import type { SaleDetails } from '../../../workers/api.ts';
import { receiptText } from '../../i18n/receipt.pt-BR.ts';
import { formatBRL, formatDate, formatTime } from '../../lib/format.ts';
import { pixPayload } from '../clients/index.ts';
import { splitPartsOf } from './payment-parts.ts';
import {
  cashOfPaidSale,
  discountLabel,
  partMethodLabel,
  paymentLabel,
  quantityLabel,
  saleAmounts,
  typeLabel,
} from './receipt.ts';
import { saleNumber } from './sale-number.ts';

const copy = receiptText;

export interface ReceiptLine {
  readonly name: string;
  /** '2 x R$ 5,00' or '0,255 kg x R$ 45,90/kg'. */
  readonly detail: string;
  readonly total: string;
  /** The line's discount ('−R$ 1,00'), null without one. */
  readonly discount: string | null;
}

export interface Receipt {
  readonly shopName: string;
  readonly number: string;
  readonly dateTime: string;
  readonly lines: readonly ReceiptLine[];
  /** The lines before discounts and every discount, when the sale has any. */
  readonly discounts: { readonly subtotal: string; readonly total: string } | null;
  readonly total: string;
  readonly type: string;
  /** Null for a fiado sale (no payment at the counter) and for a split sale (its parts instead). */
  readonly payment: string | null;
  /** A split sale's parts: each method and its amount ('Dinheiro', 'R$ 20,00'); null for a sale paid by one method. */
  readonly parts: readonly { readonly method: string; readonly amount: string }[] | null;
  /** 'Valor recebido' and 'Troco' of a cash sale (or a split sale's cash part) that kept them. */
  readonly cash: { readonly received: string; readonly change: string } | null;
  readonly client: string | null;
  /** What the client owes now, on a fiado sale whose client is on this device. */
  readonly balance: string | null;
  /** The shop's PIX copia-e-cola (with the balance owed on a fiado sale); null without a key. */
  readonly pixCode: string | null;
}

export interface ReceiptShop {
  readonly name: string;
  readonly pixKey: string | null;
  readonly city: string | null;
}

export function receiptOf(sale: SaleDetails, shop: ReceiptShop, clientBalance: number | null): Receipt {
  const fiado = sale.tipo === 'fiado';
  const balance = fiado && clientBalance !== null ? clientBalance : null;
  const cash = cashOfPaidSale(sale);
  const parts = splitPartsOf(sale);
  const amounts = saleAmounts(sale);
  return {
    shopName: shop.name,
    number: saleNumber(sale.id),
    dateTime: `${formatDate(sale.data)} ${formatTime(sale.createdAt)}`.trim(),
    lines: sale.itens.map((item) => {
      const weighed = item.unidade === 'kg' || item.unidade === 'g';
      return {
        name: item.marca ? `${item.nome} ${item.marca}` : item.nome,
        detail: `${quantityLabel(item.quantidade, item.unidade)} x ${formatBRL(item.precoUnitario)}${weighed ? `/${item.unidade}` : ''}`,
        total: formatBRL(item.precoTotal),
        discount: item.desconto > 0 ? discountLabel(item.desconto) : null,
      };
    }),
    discounts: amounts.discounts > 0 ? { subtotal: formatBRL(amounts.gross), total: discountLabel(amounts.discounts) } : null,
    total: formatBRL(sale.total),
    type: typeLabel(sale.tipo),
    payment: fiado || parts ? null : paymentLabel(sale.formaPagamento, sale.formaPagamentoDescricao),
    parts: parts ? parts.map((part) => ({ method: partMethodLabel(part, sale), amount: formatBRL(part.valor) })) : null,
    cash: cash ? { received: formatBRL(cash.received), change: formatBRL(cash.change) } : null,
    client: sale.cliente?.nome ?? null,
    balance: balance === null ? null : formatBRL(balance),
    pixCode: shop.pixKey
      ? pixPayload({
          key: shop.pixKey,
          merchantName: shop.name,
          merchantCity: shop.city ?? '',
          amount: balance !== null && balance > 0 ? balance : null,
        })
      : null,
  };
}

/** One row of a fixed-width receipt (thermal printer, PDF). */
export interface ReceiptRow {
  readonly text: string;
  readonly align: 'left' | 'center';
  readonly bold: boolean;
}

/** Characters per row of a roll: 32 on 58 mm, 48 on 80 mm (font A). */
export const ROLL_COLUMNS = { 58: 32, 80: 48 } as const;
export type RollWidth = keyof typeof ROLL_COLUMNS;

/** Left text and right text on one row, the right one flush with the edge; the left cut when both do not fit. */
export function spread(left: string, right: string, columns: number): string {
  const room = Math.max(0, columns - right.length - 1);
  const cut = left.length > room ? left.slice(0, room) : left;
  return `${cut}${' '.repeat(Math.max(1, columns - cut.length - right.length))}${right}`;
}

/** Text broken into rows of at most `columns` characters, at spaces where it can. */
export function wrap(text: string, columns: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let start = 0; start < word.length; start += columns) {
      const piece = word.slice(start, start + columns);
      if (row === '') row = piece;
      else if (row.length + 1 + piece.length <= columns) row = `${row} ${piece}`;
      else {
        rows.push(row);
        row = piece;
      }
    }
  }
  if (row !== '') rows.push(row);
  return rows;
}

/** The receipt as fixed-width rows (money with a plain space, so the columns line up). */
export function receiptRows(receipt: Receipt, columns: number): ReceiptRow[] {
  const plain = (text: string) => text.replace(/\u00a0/g, ' ');
  const rule: ReceiptRow = { text: '-'.repeat(columns), align: 'left', bold: false };
  const rows: ReceiptRow[] = [
    ...wrap(receipt.shopName, columns).map((text) => ({ text, align: 'center' as const, bold: true })),
    { text: `${copy.sale} ${receipt.number}`, align: 'center', bold: false },
    { text: receipt.dateTime, align: 'center', bold: false },
    rule,
  ];
  for (const line of receipt.lines) {
    rows.push(...wrap(line.name, columns).map((text) => ({ text, align: 'left' as const, bold: false })));
    rows.push({ text: spread(plain(line.detail), plain(line.total), columns), align: 'left', bold: false });
    if (line.discount) rows.push({ text: spread(copy.discount, plain(line.discount), columns), align: 'left', bold: false });
  }
  rows.push(rule);
  if (receipt.discounts)
    rows.push(
      { text: spread(copy.subtotal, plain(receipt.discounts.subtotal), columns), align: 'left', bold: false },
      { text: spread(copy.discounts, plain(receipt.discounts.total), columns), align: 'left', bold: false },
    );
  rows.push({ text: spread(copy.total.toUpperCase(), plain(receipt.total), columns), align: 'left', bold: true });
  rows.push({ text: spread(copy.type, receipt.type, columns), align: 'left', bold: false });
  if (receipt.payment)
    rows.push(
      ...wrap(`${copy.payment}: ${receipt.payment}`, columns).map((text) => ({ text, align: 'left' as const, bold: false })),
    );
  if (receipt.parts) {
    rows.push({ text: `${copy.payment}:`, align: 'left', bold: false });
    for (const part of receipt.parts)
      rows.push({ text: spread(`  ${part.method}`, plain(part.amount), columns), align: 'left', bold: false });
  }
  if (receipt.cash)
    rows.push(
      { text: spread(copy.received, plain(receipt.cash.received), columns), align: 'left', bold: false },
      { text: spread(copy.change, plain(receipt.cash.change), columns), align: 'left', bold: true },
    );
  if (receipt.client)
    rows.push(
      ...wrap(`${copy.client}: ${receipt.client}`, columns).map((text) => ({ text, align: 'left' as const, bold: false })),
    );
  if (receipt.balance) rows.push({ text: spread(copy.balance, plain(receipt.balance), columns), align: 'left', bold: true });
  rows.push(rule, { text: copy.thanks, align: 'center', bold: false });
  return rows;
}
