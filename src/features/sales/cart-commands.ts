// The cart's writes as the new sale screens run them: adding (with 'Produto adicionado'), a line's quantity,
// removing, a line's discount, the sale's options and 'Limpar Carrinho'; failures as the catalogue's toasts.
import { newSaleText } from '../../i18n/new-sale.pt-BR.ts';
import { useCommand } from '../../lib/use-command.ts';

const copy = newSaleText;

export function useAddToCart() {
  return useCommand((data, produtoId: string, quantidade?: number) => data.cart.add({ produto_id: produtoId, quantidade }), {
    success: (added) => ({ title: copy.productAdded, description: added.nome }),
  });
}

export function useCartEdits() {
  const quantity = useCommand((data, produtoId: string, quantidade: string) =>
    data.cart.setQuantity({ produto_id: produtoId, quantidade }),
  );
  const remove = useCommand((data, produtoId: string) => data.cart.remove(produtoId));
  const options = useCommand((data, input: Parameters<typeof data.cart.setOptions>[0]) => data.cart.setOptions(input));
  const clear = useCommand((data) => data.cart.clear());
  const lineDiscount = useCommand((data, input: Parameters<typeof data.cart.setLineDiscount>[0]) =>
    data.cart.setLineDiscount(input),
  );
  return { quantity, remove, options, clear, lineDiscount };
}
