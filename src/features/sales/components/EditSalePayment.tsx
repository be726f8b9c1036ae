// The edit form's payment: one method for an à vista sale — dinheiro, cartão (à vista or parcelado 1–12x), pix, or
// outro with its own words — or, with 'Dividir pagamento', the parts as the cart types them (docs/product.md §10).
import { clsx } from 'clsx';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { inputClass } from '../../../ui/form/TextField.tsx';
import type { PaymentPart } from '../payment-parts.ts';
import { MAX_INSTALLMENTS, PAYMENT_CHOICES, type PaymentChoice, type PaymentState } from '../sale-edit-form.ts';
import { SplitPayment, SplitToggle } from './SplitPayment.tsx';

const copy = salesHistoryText;
const selectClass = clsx(inputClass, 'mt-1 border-ink/20');

export interface EditSalePaymentProps {
  tipo: 'avista' | 'fiado';
  payment: PaymentState;
  onChange: (payment: PaymentState) => void;
  /** The parts of a split payment; null for one method. */
  parts: readonly PaymentPart[] | null;
  onPartsChange: (parts: readonly PaymentPart[] | null) => void;
  /** What the edited sale comes to (the parts' 'Falta' is counted against it). */
  total: number;
  /** The worker's refusal of the parts. */
  error?: string;
}

export function EditSalePayment({ tipo, payment, onChange, parts, onPartsChange, total, error }: EditSalePaymentProps) {
  return (
    <div className="flex flex-col gap-3">
      <SplitToggle
        split={parts !== null}
        onToggle={() => {
          onPartsChange(parts ? null : []);
        }}
      />
      {parts ? (
        <SplitPayment total={total} initial={parts} onChange={onPartsChange} error={error} />
      ) : tipo === 'avista' ? (
        <MethodFields payment={payment} onChange={onChange} />
      ) : null}
    </div>
  );
}

function MethodFields({ payment, onChange }: { payment: PaymentState; onChange: (payment: PaymentState) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className="text-sm font-medium text-ink">
        {copy.paymentLabel}
        <select
          value={payment.forma}
          onChange={(event) => {
            onChange({ ...payment, forma: event.target.value as PaymentChoice });
          }}
          className={selectClass}
        >
          {PAYMENT_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {copy.payments[choice]}
            </option>
          ))}
        </select>
      </label>
      {payment.forma === 'cartao' ? (
        <div className="grid grid-cols-2 gap-2">
          <label className="text-sm font-medium text-ink">
            {copy.cardKind}
            <select
              value={payment.tipoCartao}
              onChange={(event) => {
                onChange({ ...payment, tipoCartao: event.target.value === 'parcelado' ? 'parcelado' : 'avista' });
              }}
              className={selectClass}
            >
              <option value="avista">{copy.cardKinds.avista}</option>
              <option value="parcelado">{copy.cardKinds.parcelado}</option>
            </select>
          </label>
          {payment.tipoCartao === 'parcelado' ? (
            <label className="text-sm font-medium text-ink">
              {copy.installments}
              <select
                value={payment.parcelas}
                onChange={(event) => {
                  onChange({ ...payment, parcelas: Number(event.target.value) });
                }}
                className={selectClass}
              >
                {Array.from({ length: MAX_INSTALLMENTS }, (_, index) => index + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}x
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      ) : null}
      {payment.forma === 'outro' ? (
        <label className="text-sm font-medium text-ink">
          {copy.otherPayment}
          <input
            value={payment.outro}
            maxLength={200}
            onChange={(event) => {
              onChange({ ...payment, outro: event.target.value });
            }}
            className={clsx(inputClass, 'mt-1 border-ink/20')}
          />
        </label>
      ) : null}
    </div>
  );
}
