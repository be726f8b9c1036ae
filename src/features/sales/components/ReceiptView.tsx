// The receipt as it prints: the roll's width (58 or 80 mm), shop, number, date and time, lines with their discounts,
// subtotal and discounts, total, type,
// payment (a split sale's parts, one row each), cash received and change, client and balance, and the shop's PIX QR; the same element on screen and on paper.
import { QrCode } from '../../../ui/QrCode.tsx';
import { receiptText } from '../../../i18n/receipt.pt-BR.ts';
import type { Receipt, RollWidth } from '../receipt-model.ts';

const copy = receiptText;

function Row({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <p className={strong ? 'flex justify-between gap-2 font-bold' : 'flex justify-between gap-2'}>
      <span>{term}</span>
      <span className="text-right tabular-nums">{value}</span>
    </p>
  );
}

export function ReceiptView({ receipt, roll }: { receipt: Receipt; roll: RollWidth }) {
  return (
    <article
      aria-label={copy.title}
      data-testid="receipt"
      style={{ width: `${String(roll)}mm` }}
      className="flex flex-col gap-1 bg-white px-[3mm] py-[2mm] font-mono text-[11px] leading-snug text-black"
    >
      <header className="flex flex-col items-center text-center">
        <h2 className="text-[13px] font-bold break-words">{receipt.shopName}</h2>
        <p>
          {copy.sale} {receipt.number}
        </p>
        <p className="tabular-nums">{receipt.dateTime}</p>
      </header>
      <hr className="border-dashed border-black" />
      <ul aria-label={copy.items} className="flex flex-col gap-1">
        {receipt.lines.map((line, index) => (
          <li key={`${line.name}-${String(index)}`}>
            <p className="break-words">{line.name}</p>
            <Row term={line.detail} value={line.total} />
            {line.discount ? <Row term={copy.discount} value={line.discount} /> : null}
          </li>
        ))}
      </ul>
      <hr className="border-dashed border-black" />
      {receipt.discounts ? (
        <>
          <Row term={copy.subtotal} value={receipt.discounts.subtotal} />
          <Row term={copy.discounts} value={receipt.discounts.total} />
        </>
      ) : null}
      <Row term={copy.total} value={receipt.total} strong />
      <Row term={copy.type} value={receipt.type} />
      {receipt.payment ? <Row term={copy.payment} value={receipt.payment} /> : null}
      {receipt.parts ? (
        <div data-testid="receipt-parts">
          <p>{copy.payment}:</p>
          <div className="pl-[2ch]">
            {receipt.parts.map((part) => (
              <Row key={part.method} term={part.method} value={part.amount} />
            ))}
          </div>
        </div>
      ) : null}
      {receipt.cash ? (
        <>
          <Row term={copy.received} value={receipt.cash.received} />
          <Row term={copy.change} value={receipt.cash.change} strong />
        </>
      ) : null}
      {receipt.client ? <Row term={copy.client} value={receipt.client} /> : null}
      {receipt.balance ? <Row term={copy.balance} value={receipt.balance} strong /> : null}
      {receipt.pixCode ? (
        <div className="mt-1 flex flex-col items-center gap-1">
          <p className="font-bold">{copy.pixTitle}</p>
          <QrCode value={receipt.pixCode} label={copy.pixQr} size={roll === 58 ? 150 : 190} />
        </div>
      ) : null}
      <hr className="border-dashed border-black" />
      <p className="text-center">{copy.thanks}</p>
    </article>
  );
}
