// The edit form's payment method (shown for à vista sales): dinheiro, cartão (à vista or parcelado 1–12x), pix,
// or outro with its own words.
import { clsx } from 'clsx';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { MAX_INSTALLMENTS, PAYMENT_CHOICES, type PaymentChoice, type PaymentState } from '../sale-edit-form.ts';

const copy = salesHistoryText;
const selectClass = clsx(inputClass, 'mt-1 border-ink/20');

export function EditSalePayment({ payment, onChange }: { payment: PaymentState; onChange: (payment: PaymentState) => void }) {
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
