// The cart dialog (docs/product.md §2, §10): its lines (the list scrolls above 192 px), the sale's discount, subtotal,
// discounts and total, sale type and payment (split in parts too), 'Depois de finalizar a venda' (kept on the device),
// and 'Limpar Carrinho' / 'Finalizar Venda' in a bar that stays in view while the rest scrolls.
import { useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import { ShoppingCart, X } from 'lucide-react';
import type { CartView } from '../../../../workers/api.ts';
import { counterText } from '../../../i18n/counter.pt-BR.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { AmountList, AmountRow, TotalRow } from '../../../ui/AmountRows.tsx';
import { Button } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { useCartEdits } from '../cart-commands.ts';
import { useCounterSetting, type AfterSale } from '../counter-settings.ts';
import { useFinishSale } from '../use-finish-sale.ts';
import { discountLabel } from '../receipt.ts';
import { CartLineRow } from './CartLineRow.tsx';
import { DiscountField } from './DiscountField.tsx';
import { SaleOptions } from './SaleOptions.tsx';

const copy = newSaleText;
const AFTER_SALE: readonly AfterSale[] = ['relatorios', 'nova_venda'];

export function CartDialog({
  cart,
  open,
  onOpenChange,
  onStay,
}: {
  cart: CartView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a sale when the owner stays for the next one: the screen makes ready (search cleared and focused). */
  onStay: () => void;
}) {
  const { clear, options } = useCartEdits();
  const { finish, pending } = useFinishSale();
  const [afterSale, setAfterSale] = useCounterSetting('afterSale');
  const [installmentsPicked, setInstallmentsPicked] = useState(false);
  const staying = useRef(false);
  const tipoCartao = cart.opcoes.forma_pagamento === 'cartao' ? cart.opcoes.tipo_cartao : null;
  const [pickedFor, setPickedFor] = useState(tipoCartao);
  if (pickedFor !== tipoCartao) {
    // Another card kind or method: the number of installments is asked again.
    setPickedFor(tipoCartao);
    setInstallmentsPicked(false);
  }
  const installmentsChosen = installmentsPicked || cart.opcoes.parcelas > 1;
  const finishSale = () =>
    void finish(cart, installmentsChosen).then((outcome) => {
      if (outcome === null) return;
      staying.current = outcome === 'stay';
      setInstallmentsPicked(false);
      onOpenChange(false);
    });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!staying.current) return;
            staying.current = false;
            event.preventDefault();
            onStay();
          }}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-3 px-4 pt-4 pb-2 sm:px-5 sm:pt-5">
            <Dialog.Title className="flex items-center gap-2 text-xl font-bold text-brand-900">
              <ShoppingCart aria-hidden size={22} />
              {copy.cart}
            </Dialog.Title>
            <Dialog.Close
              className="-m-2 flex h-11 w-11 items-center justify-center rounded-lg hover:bg-brand-50"
              aria-label={copy.close}
            >
              <X aria-hidden size={20} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{copy.cartItems}</Dialog.Description>
          <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 pt-2 pb-4 sm:px-5">
            {cart.itens.length === 0 ? (
              <p className="rounded-xl bg-brand-50 px-4 py-6 text-center text-ink/70">{copy.cartEmpty}</p>
            ) : (
              <ul aria-label={copy.cartItems} className="max-h-48 shrink-0 overflow-y-auto pr-1" data-testid="cart-lines">
                {cart.itens.map((line) => (
                  <CartLineRow key={line.produto_id} line={line} />
                ))}
              </ul>
            )}
            {cart.itens.length === 0 ? null : (
              <DiscountField
                legend={copy.saleDiscount}
                discount={cart.opcoes.desconto}
                onChange={(desconto) => void options.run({ desconto })}
              />
            )}
            {cart.descontos > 0 ? (
              <AmountList className="border-t border-ink/10 pt-3">
                <AmountRow term={copy.subtotal}>{formatBRL(cart.bruto)}</AmountRow>
                <AmountRow term={copy.discounts} testId="cart-discounts">
                  {discountLabel(cart.descontos)}
                </AmountRow>
              </AmountList>
            ) : null}
            <TotalRow term={copy.total} testId="cart-total" className="border-t border-ink/10 pt-3">
              {formatBRL(cart.total)}
            </TotalRow>
            <SaleOptions
              cart={cart}
              busy={pending}
              onFinish={finishSale}
              installmentsChosen={installmentsChosen}
              onInstallmentsChosen={() => {
                setInstallmentsPicked(true);
              }}
            />
            <label className="flex flex-col gap-1 text-sm font-medium text-ink">
              {counterText.afterSale}
              <select
                className={`${inputClass} border-ink/20`}
                value={afterSale}
                onChange={(event) => {
                  setAfterSale(event.target.value === 'nova_venda' ? 'nova_venda' : 'relatorios');
                }}
              >
                {AFTER_SALE.map((option) => (
                  <option key={option} value={option}>
                    {counterText.afterSaleOptions[option]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div
            data-testid="cart-finish-bar"
            className="flex flex-col-reverse gap-2 border-t border-ink/10 px-4 py-3 sm:flex-row sm:justify-between sm:px-5"
          >
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              disabled={cart.itens.length === 0}
              onClick={() => void clear.run()}
            >
              {copy.clearCart}
            </Button>
            <Button busy={pending} onClick={finishSale}>
              {pending ? copy.finishing : copy.finish}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
