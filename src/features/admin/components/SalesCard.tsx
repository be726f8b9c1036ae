// One sale on /admin/sales (docs/product.md §2): 'Venda #' and the id's last 8 characters, the type badge, total, date and time,
// the owner and market, the client, and the payment method with its description (a split sale's parts with their amounts).
import { clsx } from 'clsx';
import type { AdminSaleRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { formatBRL, formatDate, formatTime } from '../../../lib/format.ts';
import { salePaymentLabel, splitPartsOf, type PaymentPart } from '../../sales/index.ts';
import { saleUserLabel } from '../products-sales-rules.ts';
import { CardField } from './CardParts.tsx';

const copy = t.adminProductsSales.sales;
const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

/** A sale of the page; a split sale carries its parts. */
export type AdminSaleCardRow = AdminSaleRow & { readonly pagamentos?: readonly PaymentPart[] | null };

export function SalesCard({ sale }: { sale: AdminSaleCardRow }) {
  const split = splitPartsOf(sale) !== null;
  const fiado = sale.tipo === 'fiado';
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-brand-900">{copy.saleTitle(sale.id)}</h2>
          <span className={clsx(BADGE, fiado ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-800')}>
            {fiado ? copy.types.fiado : copy.types.avista}
          </span>
        </div>
        <p className="text-lg font-bold text-brand-900">
          <span className="sr-only">{copy.amount}: </span>
          {formatBRL(sale.total)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm lg:grid-cols-4">
        <CardField
          term={copy.date}
          value={formatDate(sale.data) ? `${formatDate(sale.data)} ${formatTime(sale.createdAt)}`.trim() : copy.none}
        />
        <CardField term={copy.payment} value={salePaymentLabel(sale)} className={split ? 'col-span-2' : undefined} />
        <CardField term={copy.user} value={saleUserLabel(sale.usuarioNome, sale.nomeMercado)} className="col-span-2" />
        <CardField term={copy.client} value={sale.clienteNome ?? copy.noClient} className="col-span-2" />
      </dl>
    </li>
  );
}
