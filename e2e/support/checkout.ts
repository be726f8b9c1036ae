// The cart's last steps as an owner takes them: 'Concluir pedido', fiado to a client if asked, 'Finalizar Venda'.
import { expect, type Page } from '@playwright/test';

export interface CheckoutOptions {
  /** Sells on fiado to the client whose name matches; in cash when absent. */
  client?: string;
  /** How many lines the cart must show before it is finished. */
  lines?: number;
}

/** Finishes the sale on the cart, saved on the device (the app lands on the reports with the offline toast). */
export async function checkout(page: Page, { client, lines }: CheckoutOptions = {}): Promise<void> {
  await page.getByRole('button', { name: 'Concluir pedido' }).click();
  const cart = page.getByRole('dialog');
  if (lines !== undefined) {
    await expect(cart.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem')).toHaveCount(lines);
  }
  if (client) {
    await cart.getByText('Fiado', { exact: true }).click();
    await cart.getByRole('button', { name: 'Selecionar cliente' }).click();
    await page
      .getByRole('list', { name: 'Clientes' })
      .getByRole('button', { name: new RegExp(client) })
      .click();
    await expect(cart.getByRole('button', { name: `Cliente: ${client}` })).toBeVisible();
  }
  await cart.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(page.getByText('Venda salva offline').first()).toBeVisible();
  await expect(page).toHaveURL(/\/reports$/);
}
