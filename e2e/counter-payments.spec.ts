// The counter's payments at 360 px: a 10% discount on the sale, 'Valor recebido' R$ 50 and its 'Troco' on the
// net total, and the receipt showing the discounts, the amount received and the change.
import { expect, test } from '@playwright/test';
import { createConfirmedOwner, shot, signIn } from './support/owner.ts';

const PHONE = { width: 360, height: 740 };

test('a cash sale with a 10% discount keeps the amount received and shows the change on its receipt', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  const email = `descontos-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email, { nome: 'Joana Reis', nome_mercado: 'Mercadinho da Joana' });
  await signIn(page, email);

  await page.goto('/products/new');
  await page.getByLabel('Nome do produto').fill('Café Torrado');
  await page.getByLabel('Preço de venda (R$)').fill('20,00');
  await page.getByLabel('Estoque inicial').fill('20');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();

  await page.goto('/sales');
  await page.getByRole('button', { name: 'Adicionar Café Torrado ao carrinho' }).click();
  await page.getByRole('button', { name: 'Adicionar Café Torrado ao carrinho' }).click();
  await page.getByRole('button', { name: 'Concluir pedido' }).click();

  const cart = page.getByRole('dialog', { name: 'Carrinho' });
  const discount = cart.getByRole('group', { name: 'Desconto na venda' });
  await discount.getByRole('radio', { name: '%' }).check({ force: true });
  await discount.getByLabel('Desconto na venda: Valor do desconto').fill('10');
  await expect(cart.getByTestId('cart-discounts')).toHaveText(/4,00/);
  await expect(cart.getByTestId('cart-total')).toHaveText(/36,00/);
  await discount.scrollIntoViewIfNeeded();
  await shot(page, 'counter-payments-discount', PHONE.width);
  await cart.getByRole('radio', { name: 'Dinheiro' }).check({ force: true });
  await cart.getByRole('group', { name: 'Notas rápidas' }).getByRole('button', { name: 'R$ 50' }).click();
  await expect(cart.getByTestId('cash-change')).toHaveText(/14,00/);
  await cart.getByLabel('Depois de finalizar a venda').selectOption({ label: 'Nova venda' });
  await shot(page, 'counter-payments-cart', PHONE.width);

  await cart.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(cart).toBeHidden();
  await page.getByRole('button', { name: 'Imprimir recibo' }).click();
  const receipt = page.getByRole('dialog', { name: 'Recibo' }).getByRole('article', { name: 'Recibo' });
  await expect(receipt).toContainText('Subtotal');
  await expect(receipt).toContainText(/Descontos\s*−R\$\s*4,00/);
  await expect(receipt).toContainText(/Total\s*R\$\s*36,00/);
  await expect(receipt).toContainText(/Valor recebido\s*R\$\s*50,00/);
  await expect(receipt).toContainText(/Troco\s*R\$\s*14,00/);
  await shot(page, 'counter-payments-receipt', PHONE.width);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'counter-payments-receipt', 1280);
});
