// The sale's type and payment (docs/product.md §4): à vista or fiado; the method only for à vista (dinheiro with the
// amount received and the change, cartão with à vista or parcelado 1–12x — the number asked, never assumed —, pix
// with the QR Code of the total, outro with its free text); fiado asks for the customer.
import { useState } from 'react';
import type { CartView } from '../../../../workers/api.ts';
import { MAX_INSTALLMENTS, PAYMENT_METHODS, type CardKind } from '../../../../workers/cart/schema.ts';
import { counterText } from '../../../i18n/counter.pt-BR.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { ChoiceChips } from '../../../ui/ChoiceChips.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { useCartEdits } from '../cart-commands.ts';
import { CashReceived } from './CashReceived.tsx';
import { CounterPix } from './CounterPix.tsx';
import { CustomerPicker } from './CustomerPicker.tsx';

const copy = newSaleText;
const INSTALLMENTS = Array.from({ length: MAX_INSTALLMENTS }, (_, index) => index + 1);

/** The free text of 'Outro', written when the field is left (drawn anew when the stored text changes). */
function OtherPayment({ value }: { value: string }) {
  const { options } = useCartEdits();
  const [text, setText] = useState(value);
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-ink">
      {copy.otherPayment}
      <input
        className={`${inputClass} border-ink/20`}
        maxLength={200}
        placeholder={copy.otherPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        onBlur={() => {
          if (text !== value) void options.run({ outro: text });
        }}
      />
    </label>
  );
}

export interface SaleOptionsProps {
  cart: CartView;
  /** A finish is running ('Recebido' waits for it). */
  busy: boolean;
  /** 'Recebido' on a PIX sale finishes it. */
  onFinish: () => void;
  /** The owner has picked the number of installments of a 'Parcelado' card (the stored 1 is not a choice). */
  installmentsChosen: boolean;
  onInstallmentsChosen: () => void;
}

export function SaleOptions({ cart, busy, onFinish, installmentsChosen, onInstallmentsChosen }: SaleOptionsProps) {
  const { options } = useCartEdits();
  const opcoes = cart.opcoes;
  return (
    <div className="flex flex-col gap-4">
      <ChoiceChips
        legend={copy.saleType}
        value={opcoes.tipo}
        options={[
          { value: 'avista', label: copy.saleTypes.avista },
          { value: 'fiado', label: copy.saleTypes.fiado },
        ]}
        onChange={(tipo) => void options.run({ tipo })}
      />
      {opcoes.tipo === 'fiado' ? (
        <CustomerPicker selected={opcoes.cliente_id ? { id: opcoes.cliente_id, nome: opcoes.cliente_nome ?? '' } : null} />
      ) : (
        <>
          <ChoiceChips
            legend={copy.paymentMethod}
            value={opcoes.forma_pagamento}
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: copy.paymentMethods[method] }))}
            onChange={(forma_pagamento) => void options.run({ forma_pagamento })}
          />
          {opcoes.forma_pagamento === 'cartao' ? (
            <div className="flex flex-wrap items-end gap-4">
              <ChoiceChips<CardKind>
                legend={copy.cardKind}
                value={opcoes.tipo_cartao}
                options={[
                  { value: 'avista', label: copy.cardKinds.avista },
                  { value: 'parcelado', label: copy.cardKinds.parcelado },
                ]}
                onChange={(tipo_cartao) => void options.run({ tipo_cartao })}
              />
              {opcoes.tipo_cartao === 'parcelado' ? (
                <label className="flex flex-col gap-1 text-sm font-medium text-ink">
                  {copy.installments}
                  <select
                    className={`${inputClass} border-ink/20 ${installmentsChosen ? 'w-28' : 'w-full max-w-72'}`}
                    value={installmentsChosen ? opcoes.parcelas : ''}
                    onChange={(event) => {
                      onInstallmentsChosen();
                      void options.run({ parcelas: Number(event.target.value) });
                    }}
                  >
                    {installmentsChosen ? null : (
                      <option value="" disabled>
                        {counterText.chooseInstallments}
                      </option>
                    )}
                    {INSTALLMENTS.map((count) => (
                      <option key={count} value={count}>
                        {copy.installment(count)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </div>
          ) : null}
          {opcoes.forma_pagamento === 'dinheiro' ? <CashReceived total={cart.total} received={opcoes.valor_recebido} /> : null}
          {opcoes.forma_pagamento === 'pix' ? <CounterPix total={cart.total} busy={busy} onReceived={onFinish} /> : null}
          {opcoes.forma_pagamento === 'outro' ? <OtherPayment key={opcoes.outro} value={opcoes.outro} /> : null}
        </>
      )}
    </div>
  );
}
