// 'Finalizar Venda': the cart becomes one sale on the device ('Venda concluída' with the total, or 'Venda salva
// offline', with 'Imprimir recibo'), the cart is cleared and the owner goes to /reports (the spec's default) or
// stays for the next sale ('Depois de finalizar a venda': 'Nova venda'); the spec's toasts when it cannot be finished.
import { useNavigate } from '@tanstack/react-router';
import type { CartView } from '../../../workers/api.ts';
import { newSaleText } from '../../i18n/new-sale.pt-BR.ts';
import { receiptText } from '../../i18n/receipt.pt-BR.ts';
import { formatBRL } from '../../lib/format.ts';
import { useCommand } from '../../lib/use-command.ts';
import { showToast, toastsOnPage } from '../../ui/toast.ts';
import { finishFailure, finishProblem, PROBLEM_TOAST } from './cart-rules.ts';
import { useOnline } from '../../lib/use-online.ts';
import { counterSetting } from './counter-settings.ts';
import { openReceipt } from './receipt-request.ts';

const copy = newSaleText;
/** How long the finished sale's toast offers 'Imprimir recibo'. */
const RECEIPT_OFFER_MS = 10_000;

/** Resolves after the next frame has been painted. */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
    });
  });
}

export function useFinishSale() {
  const navigate = useNavigate();
  const online = useOnline();
  const command = useCommand((data) => data.cart.checkout(), {
    success: (sale) => {
      showToast({
        ...(online
          ? { title: copy.done, description: copy.doneText(formatBRL(sale.total)) }
          : { title: copy.savedOffline, description: copy.savedOfflineText(formatBRL(sale.total)) }),
        kind: 'success',
        durationMs: RECEIPT_OFFER_MS,
        action: {
          label: receiptText.printReceipt,
          onClick: () => {
            openReceipt(sale.id);
          },
        },
      });
      return null;
    },
    describeFailure: finishFailure,
  });
  /** Whether the sale was made, and whether the owner stays on the sale screen for the next one. */
  const finish = async (cart: CartView, installmentsChosen: boolean): Promise<'stay' | 'left' | null> => {
    const problem = finishProblem(cart, installmentsChosen);
    if (problem) {
      showToast({ ...PROBLEM_TOAST[problem], kind: 'destructive' });
      return null;
    }
    const sold = await command.run();
    if (!sold) return null;
    if (counterSetting('afterSale') === 'nova_venda') return 'stay';
    // The emptied cart, the lowered stock and the sale's toast are painted first; then the reports page mounts.
    await toastsOnPage();
    await nextPaint();
    await navigate({ to: '/reports' });
    return 'left';
  };
  return { finish, pending: command.pending };
}
