// 'Editar Venda' (/sales/edit/{id}): date, type, customer, payment (one method, or split in parts), products by search
// or barcode, the items with +/−, total; 'Cancelar' / 'Salvar' and 'Excluir'. A sale that cannot be loaded (missing,
// or the read fails) is announced ('Não foi possível carregar os dados da venda.') and the screen goes back to /sales
// (docs/product.md §2, §8).
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { clsx } from 'clsx';
import type { SaleDetails } from '../../../../workers/api.ts';
import { DataError } from '../../../../workers/contract/errors.ts';
import { fieldMessages, issueMessage } from '../../../i18n/errors.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { showToast } from '../../../ui/toast.ts';
import { splitPartsOf, typeOfParts, type PaymentPart } from '../payment-parts.ts';
import {
  editedTotalOf,
  editPaymentOf,
  linesOf,
  paymentStateOf,
  quantityOf,
  unreadableLine,
  withProduct,
  type EditLine,
  type PaymentState,
} from '../sale-edit-form.ts';
import { DeleteSaleDialog } from './DeleteSaleDialog.tsx';
import { EditSaleCustomer, type ChosenCustomer } from './EditSaleCustomer.tsx';
import { EditSaleItems } from './EditSaleItems.tsx';
import { EditSalePayment } from './EditSalePayment.tsx';
import { EditSaleProducts } from './EditSaleProducts.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = salesHistoryText;
const section = 'flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5';

function EditSaleForm({ sale, onLeave }: { sale: SaleDetails; onLeave: () => void }) {
  const [data, setData] = useState(sale.data);
  const [tipo, setTipo] = useState(sale.tipo);
  // A client not yet on this device stays the sale's client (its name comes with the next sync).
  const [customer, setCustomer] = useState<ChosenCustomer | null>(() =>
    sale.cliente
      ? { id: sale.cliente.id, nome: sale.cliente.nome }
      : sale.clienteId
        ? { id: sale.clienteId, nome: copy.clientMissing }
        : null,
  );
  const [payment, setPayment] = useState<PaymentState>(() => paymentStateOf(sale.formaPagamento, sale.formaPagamentoDescricao));
  const [parts, setParts] = useState<readonly PaymentPart[] | null>(() => splitPartsOf(sale));
  const [lines, setLines] = useState<EditLine[]>(() => linesOf(sale));
  const [triedUnreadable, setTriedUnreadable] = useState(false);
  const save = useCommand(
    async (client) => {
      await client.sales.update({
        id: sale.id,
        data,
        cliente_id: customer?.id ?? null,
        ...editPaymentOf(tipo, payment, parts),
        itens: lines.map((line) => ({ produto_id: line.produtoId, quantidade: quantityOf(line) })),
      });
      return true;
    },
    {
      success: () => ({ title: copy.updated }),
      // The §5 rules are toasts in the spec ('Selecione uma data para a venda.'); anything else cannot be saved.
      describeFailure: (thrown) => {
        const error = DataError.from(thrown);
        const first = error.issues[0];
        return error.code === 'invalid_input' && first ? issueMessage('saleEdit', first) : copy.saveFailed;
      },
    },
  );
  const fields = fieldMessages('saleEdit', save.error?.issues ?? []);
  // The parts' refusal, on the list or on one part (`pagamentos.1.valor`).
  const partsError = Object.entries(fields).find(([field]) => field === 'pagamentos' || field.startsWith('pagamentos.'))?.[1];
  // A split payment's type follows its parts (fiado with a fiado part).
  const shownTipo = parts ? typeOfParts(parts) : tipo;
  // A change clears the last refusal's messages (they would point at what is no longer there).
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      save.reset();
      set(value);
    };
  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    // A quantity that cannot be stored stays on its line with its message; nothing is saved.
    if (unreadableLine(lines)) {
      setTriedUnreadable(true);
      return;
    }
    if (await save.run()) onLeave();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
      className="flex flex-col gap-4"
    >
      <div className={section}>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm font-medium text-ink">
            {copy.dateLabel}
            <input
              type="date"
              required
              value={data}
              aria-invalid={fields.data ? true : undefined}
              onChange={(event) => {
                changed(setData)(event.target.value);
              }}
              className={clsx(inputClass, 'mt-1', fields.data ? 'border-red-600' : 'border-ink/20')}
            />
            {fields.data ? (
              <span role="alert" className="mt-1 block text-sm text-red-700">
                {fields.data}
              </span>
            ) : null}
          </label>
          <fieldset className="flex min-w-0 flex-col gap-1">
            <legend className="mb-1 text-sm font-medium text-ink">{copy.typeLabel}</legend>
            <div className="grid grid-cols-2 gap-2">
              {(['avista', 'fiado'] as const).map((value) => (
                <label
                  key={value}
                  className={clsx(
                    'flex min-h-12 cursor-pointer items-center justify-center rounded-xl font-semibold has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-400',
                    shownTipo === value
                      ? 'bg-brand-600 text-white'
                      : 'bg-white text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50',
                  )}
                >
                  <input
                    type="radio"
                    name="sale-type"
                    value={value}
                    checked={shownTipo === value}
                    disabled={parts !== null}
                    onChange={() => {
                      changed(setTipo)(value);
                    }}
                    className="sr-only"
                  />
                  {copy.types[value]}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <EditSaleCustomer customer={customer} error={fields.cliente_id} onChange={changed(setCustomer)} />
        <EditSalePayment
          tipo={tipo}
          payment={payment}
          onChange={changed(setPayment)}
          parts={parts}
          onPartsChange={changed(setParts)}
          total={editedTotalOf(sale, lines)}
          error={partsError}
        />
      </div>
      <div className={section}>
        <h2 className="font-semibold text-brand-900">{copy.itemsTitle}</h2>
        <EditSaleProducts
          onAdd={(product) => {
            save.reset();
            setLines((current) => withProduct(current, product));
          }}
        />
        <EditSaleItems lines={lines} error={fields.itens} revealProblems={triedUnreadable} onChange={changed(setLines)} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/sales" className={buttonClass('secondary')}>
          {copy.cancel}
        </Link>
        <Button type="submit" busy={save.pending}>
          {save.pending ? copy.saving : copy.save}
        </Button>
      </div>
    </form>
  );
}

export function EditSalePage({ saleId }: { saleId: string }) {
  usePageTitle(t.pages.saleEdit);
  const navigate = useNavigate();
  const result = useLiveQuery('saleDetails', { saleId });
  // Once saved or removed the sale may vanish from the live read; that is not a load failure.
  const leaving = useRef(false);
  const [sale, setSale] = useState<SaleDetails | null>(null);
  const failed = result.status === 'error' || (result.status === 'ok' && result.data === null && sale === null);
  // The form starts from the sale as first read; later changes (another device's edit) do not reset it.
  if (result.status === 'ok' && result.data && !sale) setSale(result.data);
  useEffect(() => {
    if (!failed || leaving.current) return;
    leaving.current = true;
    showToast({ title: 'Erro', description: copy.loadFailed, kind: 'destructive' });
    void navigate({ to: '/sales', replace: true });
  }, [failed, navigate]);
  const leave = () => {
    leaving.current = true;
    void navigate({ to: '/sales' });
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <div className="flex items-center justify-between gap-2">
        <Link to="/sales" className={buttonClass('ghost', 'px-3')}>
          <ArrowLeft aria-hidden size={20} />
          {copy.back}
        </Link>
        {sale ? <DeleteSaleDialog saleId={sale.id} onRemoved={leave} /> : null}
      </div>
      <PageHeader title={t.pages.saleEdit} />
      {sale ? (
        <EditSaleForm sale={sale} onLeave={leave} />
      ) : failed ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-center text-red-800">
          {copy.loadFailed}
        </p>
      ) : (
        <p role="status" className="py-10 text-center text-ink/70">
          {t.app.loading}
        </p>
      )}
    </section>
  );
}
