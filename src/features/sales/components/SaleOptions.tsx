// The sale's type and payment (docs/product.md §4): à vista or fiado; the method only for à vista (dinheiro with the
// amount received and the change, cartão with à vista or parcelado 1–12x — the number asked, never assumed —, pix
// with the QR Code of the total, outro with its free text); fiado asks for the customer. 'Dividir pagamento' splits
// it in parts (docs/product.md §10): the client when a fiado part is typed, the card's kind and installments for a
// card part, 'Valor recebido' and 'Troco' for the cash part, the QR Code of the PIX part, the other method's words for
// an 'Outro' part.
import { useId, useRef, useState } from 'react';
import type { CartView, PaymentBucket } from '../../../../workers/api.ts';
import { MAX_INSTALLMENTS, PAYMENT_METHODS, type CardKind } from '../../../../workers/cart/schema.ts';
import { counterText } from '../../../i18n/counter.pt-BR.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { ChoiceChips } from '../../../ui/ChoiceChips.tsx';
import { formatBRL } from '../../../lib/format.ts';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { useCartEdits } from '../cart-commands.ts';
import { partValue, type PaymentPart } from '../payment-parts.ts';
import { CashReceived } from './CashReceived.tsx';
import { CounterPix } from './CounterPix.tsx';
import { CustomerPicker } from './CustomerPicker.tsx';
import { SplitPayment, SplitToggle } from './SplitPayment.tsx';

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

/** What the owner picks of a card payment: à vista or parcelado, and then the number of installments (never assumed). */
interface CardChoice {
  cart: CartView;
  /** The owner has picked the number of installments of a 'Parcelado' card (the stored 1 is not a choice). */
  installmentsChosen: boolean;
  onInstallmentsChosen: () => void;
}

/** 'Tipo de cartão' and, for 'Parcelado', 'Parcelas': the card's words of a sale paid by card or of its card part. */
function CardOptions({ cart, installmentsChosen, onInstallmentsChosen }: CardChoice) {
  const { options } = useCartEdits();
  const opcoes = cart.opcoes;
  return (
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
  );
}

/**
 * The split payment at the counter: the rows, then the client for a fiado part, the card's kind and installments for
 * a card part, the cash received for the cash part, the shop's PIX QR with the PIX part's amount (paid before
 * 'Finalizar Venda', so no 'Recebido' of its own) and the other method's words.
 */
function CartSplitPayment({ cart, parts, ...card }: CardChoice & { parts: readonly PaymentPart[] }) {
  const { options } = useCartEdits();
  const opcoes = cart.opcoes;
  const cashTitle = useId();
  // The parts are never an empty list: with nothing typed the method the split started from stays, at zero.
  const first: PaymentBucket = parts[0]?.forma ?? 'dinheiro';
  // A command runs one at a time: what is typed meanwhile is sent when it ends, the latest amounts only.
  const waiting = useRef<PaymentPart[] | null>(null);
  const sending = useRef(false);
  const send = async (typed: PaymentPart[]) => {
    waiting.current = typed;
    if (sending.current) return;
    sending.current = true;
    while (waiting.current !== null) {
      const next = waiting.current;
      waiting.current = null;
      await options.run({ pagamentos: next.length > 0 ? next : [{ forma: first, valor: 0 }] });
    }
    sending.current = false;
  };
  return (
    <SplitPayment
      total={cart.total}
      initial={parts}
      onChange={(typed) => {
        void send(typed);
      }}
    >
      {(typed) => {
        const cash = partValue(typed, 'dinheiro');
        return (
          <>
            {partValue(typed, 'fiado') > 0 ? (
              <CustomerPicker selected={opcoes.cliente_id ? { id: opcoes.cliente_id, nome: opcoes.cliente_nome ?? '' } : null} />
            ) : null}
            {cash > 0 ? (
              <section aria-labelledby={cashTitle} className="flex flex-col gap-1">
                <p id={cashTitle} className="text-sm font-medium text-ink">
                  {counterText.cashPart(formatBRL(cash))}
                </p>
                <CashReceived total={cash} received={opcoes.valor_recebido} />
              </section>
            ) : null}
            {partValue(typed, 'cartao') > 0 ? <CardOptions cart={cart} {...card} /> : null}
            {partValue(typed, 'pix') > 0 ? <CounterPix total={partValue(typed, 'pix')} /> : null}
            {partValue(typed, 'outro') > 0 ? <OtherPayment key={opcoes.outro} value={opcoes.outro} /> : null}
          </>
        );
      }}
    </SplitPayment>
  );
}

export interface SaleOptionsProps extends CardChoice {
  /** A finish is running ('Recebido' waits for it). */
  busy: boolean;
  /** 'Recebido' on a PIX sale finishes it. */
  onFinish: () => void;
}

export function SaleOptions({ cart, busy, onFinish, installmentsChosen, onInstallmentsChosen }: SaleOptionsProps) {
  const { options } = useCartEdits();
  const opcoes = cart.opcoes;
  const parts = opcoes.pagamentos;
  // Split from the method chosen so far (fiado for a fiado sale), its amount still to be typed.
  const startSplit = () =>
    void options.run({ pagamentos: [{ forma: opcoes.tipo === 'fiado' ? 'fiado' : opcoes.forma_pagamento, valor: 0 }] });
  return (
    <div className="flex flex-col gap-4">
      {parts ? null : (
        <ChoiceChips
          legend={copy.saleType}
          value={opcoes.tipo}
          options={[
            { value: 'avista', label: copy.saleTypes.avista },
            { value: 'fiado', label: copy.saleTypes.fiado },
          ]}
          onChange={(tipo) => void options.run({ tipo })}
        />
      )}
      <SplitToggle
        split={parts !== null}
        disabled={options.pending}
        onToggle={parts ? () => void options.run({ pagamentos: null }) : startSplit}
      />
      {parts ? (
        <CartSplitPayment
          cart={cart}
          parts={parts}
          installmentsChosen={installmentsChosen}
          onInstallmentsChosen={onInstallmentsChosen}
        />
      ) : opcoes.tipo === 'fiado' ? (
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
            <CardOptions cart={cart} installmentsChosen={installmentsChosen} onInstallmentsChosen={onInstallmentsChosen} />
          ) : null}
          {opcoes.forma_pagamento === 'dinheiro' ? <CashReceived total={cart.total} received={opcoes.valor_recebido} /> : null}
          {opcoes.forma_pagamento === 'pix' ? <CounterPix total={cart.total} received={{ busy, onReceived: onFinish }} /> : null}
          {opcoes.forma_pagamento === 'outro' ? <OtherPayment key={opcoes.outro} value={opcoes.outro} /> : null}
        </>
      )}
    </div>
  );
}
