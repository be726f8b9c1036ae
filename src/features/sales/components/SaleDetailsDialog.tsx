// 'Detalhes da Venda': number, date and time, type, client, payment (a split sale's parts with their amounts), the items (scrolling above 6), total, cash
// received and change, subtotal and discounts when the sale has any;
// 'Compartilhar' (share sheet → WhatsApp → clipboard), 'Imprimir recibo', 'Editar' (→ /sales/edit/{id}; for a sale
// older than the window, read online, 'Excluir' sent to the server instead) and 'Fechar'; loading, error and empty states.
import { Dialog } from 'radix-ui';
import { Link } from '@tanstack/react-router';
import { Pencil, Printer, Share2 } from 'lucide-react';
import { clsx } from 'clsx';
import type { SaleDetails } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { receiptText as receiptCopy } from '../../../i18n/receipt.pt-BR.ts';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { formatBRL, formatDate, formatTime } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { AmountList, AmountRow, TotalRow } from '../../../ui/AmountRows.tsx';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { showToast } from '../../../ui/toast.ts';
import { marketNameOf, useSignedInAccount } from '../../account/index.ts';
import { splitPartsOf } from '../payment-parts.ts';
import { cashOfPaidSale, discountLabel, quantityLabel, receiptText, saleAmounts, salePaymentLabel } from '../receipt.ts';
import { saleNumber } from '../sale-number.ts';
import { openReceipt } from '../receipt-request.ts';
import { browserShareTargets, shareText } from '../../../lib/share.ts';
import { RemoveOlderSaleDialog } from './RemoveOlderSaleDialog.tsx';
import { TypeBadge } from './SalesListRow.tsx';

const copy = salesHistoryText;
/** Above this many items the table scrolls (docs/product.md §9). */
export const DETAILS_SCROLL_ABOVE = 6;

function ItemsTable({ sale }: { sale: SaleDetails }) {
  if (sale.itens.length === 0) return <p className="py-6 text-center text-ink/70">{copy.noItems}</p>;
  return (
    <div
      data-testid="sale-items"
      tabIndex={sale.itens.length > DETAILS_SCROLL_ABOVE ? 0 : undefined}
      className={clsx('rounded-xl ring-1 ring-ink/10', sale.itens.length > DETAILS_SCROLL_ABOVE && 'max-h-72 overflow-y-auto')}
    >
      <table className="w-full text-sm">
        <thead className="sticky top-0 bg-brand-50 text-left text-ink/80">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {copy.columns.produto}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {copy.columns.quantidade}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {copy.columns.subtotal}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/5">
          {sale.itens.map((item, index) => (
            <tr key={`${item.produtoId}-${String(index)}`}>
              <td className="px-3 py-2">
                <span className="block font-medium text-ink">{item.nome}</span>
                <span className="block text-xs text-ink/60">
                  {item.marca ? `${item.marca} · ` : ''}
                  {formatBRL(item.precoUnitario)}
                  {item.unidade === 'kg' || item.unidade === 'g' ? `/${item.unidade}` : ''}
                </span>
              </td>
              <td className="px-2 py-2 text-right tabular-nums">{quantityLabel(item.quantidade, item.unidade)}</td>
              <td className="px-3 py-2 text-right font-medium tabular-nums">
                {formatBRL(item.precoTotal)}
                {item.desconto > 0 ? (
                  <span className="block text-xs font-normal text-ink/70">
                    {copy.discount} {discountLabel(item.desconto)}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Subtotal' and 'Descontos' of a sale with any discount. */
function DiscountLines({ sale }: { sale: SaleDetails }) {
  const amounts = saleAmounts(sale);
  if (amounts.discounts <= 0) return null;
  return (
    <AmountList>
      <AmountRow term={copy.subtotal}>{formatBRL(amounts.gross)}</AmountRow>
      <AmountRow term={copy.discounts} testId="sale-discounts">
        {discountLabel(amounts.discounts)}
      </AmountRow>
    </AmountList>
  );
}

/** 'Valor recebido' and 'Troco' of a cash sale (or a split sale's cash part) that kept them. */
function CashLines({ sale }: { sale: SaleDetails }) {
  const cash = cashOfPaidSale(sale);
  if (!cash) return null;
  return (
    <AmountList>
      <AmountRow term={copy.received}>{formatBRL(cash.received)}</AmountRow>
      <AmountRow term={copy.change} strong>
        {formatBRL(cash.change)}
      </AmountRow>
    </AmountList>
  );
}

function Details({ sale, onClose }: { sale: SaleDetails; onClose: () => void }) {
  const account = useSignedInAccount();
  const online = useOnline();
  const share = async () => {
    const text = receiptText(sale, marketNameOf(account.profile?.nome_mercado));
    const outcome = await shareText(text, copy.receipt.title, sale.cliente?.telefone ?? null, browserShareTargets(online));
    if (outcome === 'copied') showToast({ title: copy.copied, kind: 'success' });
    if (outcome === 'failed') showToast({ title: copy.shareFailed, description: copy.shareFailedText, kind: 'destructive' });
  };
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-ink/60">{copy.number}</dt>
          <dd className="font-medium text-ink tabular-nums">{saleNumber(sale.id)}</dd>
        </div>
        <div>
          <dt className="text-ink/60">{copy.date}</dt>
          <dd className="font-medium text-ink tabular-nums">
            {formatDate(sale.data)} {formatTime(sale.createdAt)}
          </dd>
        </div>
        <div>
          <dt className="text-ink/60">{copy.type}</dt>
          <dd>
            <TypeBadge tipo={sale.tipo} />
          </dd>
        </div>
        <div>
          <dt className="text-ink/60">{copy.client}</dt>
          <dd className="font-medium break-words text-ink">
            {sale.cliente?.nome ?? (sale.clienteId ? copy.clientMissing : copy.noClient)}
          </dd>
        </div>
        <div className={splitPartsOf(sale) ? 'col-span-2' : undefined}>
          <dt className="text-ink/60">{copy.payment}</dt>
          <dd data-testid="sale-payment" className="font-medium break-words text-ink">
            {salePaymentLabel(sale)}
          </dd>
        </div>
      </dl>
      <ItemsTable sale={sale} />
      <DiscountLines sale={sale} />
      <TotalRow term={copy.total}>{formatBRL(sale.total)}</TotalRow>
      <CashLines sale={sale} />
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => {
            void share();
          }}
        >
          <Share2 aria-hidden size={18} />
          {copy.share}
        </Button>
        {sale.source === 'device' ? (
          <>
            <Button
              variant="secondary"
              onClick={() => {
                onClose();
                openReceipt(sale.id);
              }}
            >
              <Printer aria-hidden size={18} />
              {receiptCopy.printReceipt}
            </Button>
            <Link to="/sales/edit/$id" params={{ id: sale.id }} className={buttonClass('primary')} onClick={onClose}>
              <Pencil aria-hidden size={18} />
              {copy.edit}
            </Link>
          </>
        ) : sale.revision ? (
          <RemoveOlderSaleDialog saleId={sale.id} revision={sale.revision} onRemoved={onClose} />
        ) : null}
        <Dialog.Close asChild>
          <Button variant="ghost">{copy.close}</Button>
        </Dialog.Close>
      </div>
    </>
  );
}

function DetailsBody({ saleId, onClose }: { saleId: string; onClose: () => void }) {
  const result = useLiveQuery('saleDetails', { saleId });
  if (result.status === 'loading')
    return (
      <p role="status" className="py-10 text-center text-ink/70">
        {t.app.loading}
      </p>
    );
  if (result.status === 'error' || result.data === null)
    return (
      <div role="alert" className="flex flex-col gap-4">
        <p className="rounded-xl bg-red-50 p-4 text-center text-red-800">
          {result.status === 'error' ? copy.detailsError : copy.detailsNotFound}
        </p>
        <Dialog.Close asChild>
          <Button variant="secondary">{copy.close}</Button>
        </Dialog.Close>
      </div>
    );
  return <Details sale={result.data} onClose={onClose} />;
}

export function SaleDetailsDialog({ saleId, onClose }: { saleId: string | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={saleId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-brand-900">{copy.detailsTitle}</Dialog.Title>
          {saleId ? <DetailsBody saleId={saleId} onClose={onClose} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
