// A split payment at the counter at 360 px (docs/product.md §10): R$ 35,50 paid R$ 20,00 in cash ('Valor recebido'
// R$ 50, 'Troco' R$ 30) and R$ 15,50 on the fiado of a new client; 'Falta' follows the typing, 'Restante' fills the
// fiado row, the finish bar stays in view; the details and the receipt show both parts, and the client's balance
// goes up by the fiado part only. The split step is looked at on a phone and on a desktop. Then a sale by card, PIX
// and fiado: the card part is not finished before its installments are picked, the PIX part shows the QR of its
// amount, the fiado part adds to the client's balance. Last, the first sale edited: its parts come back as typed, and
// moving R$ 10,00 from the fiado part to cash lowers the client's balance by as much.
import { expect, test, type Page } from '@playwright/test';
import { serviceRest } from './support/admin.ts';
import { createConfirmedOwner, NBSP, shot, signIn } from './support/owner.ts';

const PHONE = { width: 360, height: 740 };
const brl = (text: string) => text.replace(/R\$ /g, `R$${NBSP}`);

test('split sales keep their parts (cash + fiado, then card in installments + PIX by its QR + fiado); only the fiado parts reach the balance', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  const email = `dividido-${Date.now()}@exemplo.com.br`;
  const ownerId = await createConfirmedOwner(email, { nome: 'Joana Reis', nome_mercado: 'Mercadinho da Joana' });
  await signIn(page, email);

  await page.goto('/products/new');
  await page.getByLabel('Nome do produto').fill('Café Torrado');
  await page.getByLabel('Preço de venda (R$)').fill('35,50');
  await page.getByLabel('Estoque inicial').fill('20');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();

  await page.goto('/sales');
  await page.getByRole('button', { name: 'Adicionar Café Torrado ao carrinho' }).click();
  await page.getByRole('button', { name: 'Concluir pedido' }).click();
  const cart = page.getByRole('dialog', { name: 'Carrinho' });
  await expect(cart.getByTestId('cart-total')).toHaveText(brl('R$ 35,50'));

  // Split: every method gets its row; nothing typed yet, the whole total is missing.
  const split = cart.getByRole('button', { name: 'Dividir pagamento' });
  await split.click();
  await expect(split).toHaveAttribute('aria-pressed', 'true');
  await expect(cart.getByRole('group', { name: 'Tipo de venda' })).toBeHidden();
  for (const method of ['Dinheiro', 'Cartão', 'PIX', 'Outro', 'Fiado'])
    await expect(cart.getByLabel(`Valor em ${method}`)).toBeVisible();
  const rest = cart.getByTestId('split-rest');
  const restLine = cart.getByRole('status').filter({ has: page.getByTestId('split-rest') });
  await expect(rest).toHaveText(brl('R$ 35,50'));
  await expect(restLine).toContainText('Falta');

  // More than the total says 'Passou'; R$ 20 in cash leaves R$ 15,50, which 'Restante' puts on the fiado row.
  await cart.getByLabel('Valor em Dinheiro').fill('40');
  await expect(restLine).toContainText('Passou');
  await expect(rest).toHaveText(brl('R$ 4,50'));
  await cart.getByLabel('Valor em Dinheiro').fill('20');
  await expect(rest).toHaveText(brl('R$ 15,50'));
  // Not finished with one method only.
  await cart.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(page.getByText('Informe o valor de pelo menos duas formas de pagamento.')).toBeVisible();
  await cart.getByRole('button', { name: 'Restante em Fiado' }).click();
  await expect(cart.getByLabel('Valor em Fiado')).toHaveValue('15,50');
  await expect(rest).toHaveText(brl('R$ 0,00'));

  // The fiado part asks for the client: a new one, made here.
  await cart.getByRole('button', { name: 'Novo cliente' }).click();
  const customer = page.getByRole('dialog', { name: 'Novo Cliente' });
  await customer.getByLabel('Nome').fill('Ana Paula');
  await customer.getByLabel('Telefone').fill('11987654321');
  await customer.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(customer).toBeHidden();
  await expect(cart.getByRole('button', { name: 'Cliente: Ana Paula' })).toBeVisible();

  // 'Valor recebido' and 'Troco' apply to the cash part.
  const cashPart = cart.getByRole('region', { name: brl('Parte em dinheiro: R$ 20,00') });
  await cashPart.getByRole('group', { name: 'Notas rápidas' }).getByRole('button', { name: 'R$ 50' }).click();
  await expect(cashPart.getByTestId('cash-change')).toHaveText(brl('R$ 30,00'));
  await cart.getByLabel('Depois de finalizar a venda').selectOption({ label: 'Nova venda' });

  // The finish bar stays in view at 360 px while the payment step scrolls.
  await cart.getByLabel('Valor em Cartão').scrollIntoViewIfNeeded();
  await expect(cart.getByRole('button', { name: 'Finalizar Venda' })).toBeInViewport();
  await page.screenshot({ path: `test-results/split-payment-step-${PHONE.width}.png` });
  await cashPart.scrollIntoViewIfNeeded();
  await expect(cart.getByRole('button', { name: 'Finalizar Venda' })).toBeInViewport();
  await page.screenshot({ path: `test-results/split-payment-cash-${PHONE.width}.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await cart.getByLabel('Valor em Dinheiro').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/split-payment-step-1280.png' });
  await page.setViewportSize(PHONE);

  await cart.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(cart).toBeHidden();

  // The receipt: both parts, and the change of the cash part.
  await page.getByRole('button', { name: 'Imprimir recibo' }).click();
  const receiptDialog = page.getByRole('dialog', { name: 'Recibo' });
  const receipt = receiptDialog.getByRole('article', { name: 'Recibo' });
  await expect(receipt.getByTestId('receipt-parts')).toContainText(/Dinheiro\s*R\$\s*20,00/);
  await expect(receipt.getByTestId('receipt-parts')).toContainText(/Fiado\s*R\$\s*15,50/);
  await expect(receipt).toContainText(/Troco\s*R\$\s*30,00/);
  await expect(receipt).toContainText(/Saldo devedor\s*R\$\s*15,50/);
  await shot(page, 'split-payment-receipt', PHONE.width);

  // The details: both parts in words, the cash received and the change.
  await page.goto('/sales/history');
  const list = page.getByRole('list', { name: 'Histórico de vendas' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(brl('R$ 20,00 em dinheiro + R$ 15,50 no fiado'));
  await list.getByRole('button', { name: /Ver venda de .*35,50/ }).click();
  const details = page.getByRole('dialog', { name: 'Detalhes da Venda' });
  await expect(details.getByTestId('sale-payment')).toHaveText(brl('R$ 20,00 em dinheiro + R$ 15,50 no fiado'));
  await expect(details).toContainText(/Valor recebido\s*R\$\s*50,00/);
  await expect(details).toContainText(/Troco\s*R\$\s*30,00/);
  await shot(page, 'split-payment-details', PHONE.width);
  await details.getByRole('button', { name: 'Fechar' }).click();

  // The client owes the fiado part only.
  await openClient(page, 'Ana Paula');
  await expect(page.getByTestId('saldo')).toHaveText(brl('R$ 15,50'));

  // A second sale, by card, PIX and fiado: the card part asks how many installments, the PIX part shows the shop's
  // QR Code with that part's amount (no 'Recebido' of its own: 'Finalizar Venda' closes every part), the fiado part
  // goes on the same client's balance.
  // The shop's PIX key, as 'Minha Conta' saves it.
  await serviceRest(`users?id=eq.${ownerId}`, { chave_pix: '12345678909', cidade: 'São Paulo' }, 'PATCH');
  await page.goto('/sales');
  await page.getByRole('button', { name: 'Adicionar Café Torrado ao carrinho' }).click();
  await page.getByRole('button', { name: 'Concluir pedido' }).click();
  await cart.getByRole('button', { name: 'Dividir pagamento' }).click();
  await cart.getByLabel('Valor em Cartão').fill('20');
  await cart.getByLabel('Valor em PIX').fill('10');
  await cart.getByRole('button', { name: 'Restante em Fiado' }).click();
  await expect(cart.getByLabel('Valor em Fiado')).toHaveValue('5,50');
  await expect(cart.getByText('PIX com o valor desta parte')).toBeVisible();
  await expect(cart.getByRole('img', { name: brl('QR Code PIX de R$ 10,00') })).toBeVisible();
  await expect(cart.getByRole('button', { name: 'Recebido' })).toHaveCount(0);
  await cart.getByRole('button', { name: 'Selecionar cliente' }).click();
  await page.getByLabel('Buscar cliente', { exact: true }).fill('ana');
  await page
    .getByRole('list', { name: 'Clientes' })
    .getByRole('button', { name: /Ana Paula/ })
    .click();
  await expect(cart.getByRole('button', { name: 'Cliente: Ana Paula' })).toBeVisible();
  await cart.getByRole('group', { name: 'Tipo de cartão' }).getByText('Parcelado', { exact: true }).click();
  await cart.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(page.getByText('Escolha em quantas vezes o cartão parcelado foi passado.')).toBeVisible();
  await cart.getByLabel('Parcelas').selectOption({ label: '3x' });
  await cart.getByRole('img', { name: /QR Code PIX/ }).scrollIntoViewIfNeeded();
  await shot(page, 'split-payment-card-pix', PHONE.width);
  await cart.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(cart).toBeHidden();
  await page.goto('/sales/history');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(brl('R$ 20,00 no cartão parcelado em 3x + R$ 10,00 no PIX + R$ 5,50 no fiado'));
  await openClient(page, 'Ana Paula');
  await expect(page.getByTestId('saldo')).toHaveText(brl('R$ 21,00'));

  // Editing the first sale: its parts come back as typed; R$ 10,00 more in cash leaves R$ 5,50 on the fiado, and the
  // client's balance follows (21,00 − 10,00).
  await page.goto('/sales/history');
  const first = list.getByRole('listitem').filter({ hasText: 'em dinheiro' });
  await first.getByRole('button', { name: /Ver venda de .*35,50/ }).click();
  await details.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Venda' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dividir pagamento' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Valor em Dinheiro')).toHaveValue('20,00');
  await expect(page.getByLabel('Valor em Fiado')).toHaveValue('15,50');
  await page.getByLabel('Valor em Dinheiro').fill('30');
  await expect(page.getByTestId('split-rest')).toHaveText(brl('R$ 10,00'));
  await page.getByRole('button', { name: 'Restante em Fiado' }).click();
  await expect(page.getByLabel('Valor em Fiado')).toHaveValue('5,50');
  await shot(page, 'split-payment-edit', PHONE.width);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Venda atualizada com sucesso!')).toBeVisible();
  await page.goto('/sales/history');
  await expect(list).toContainText(brl('R$ 30,00 em dinheiro + R$ 5,50 no fiado'));
  await openClient(page, 'Ana Paula');
  await expect(page.getByTestId('saldo')).toHaveText(brl('R$ 11,00'));
});

/** The client's page, from the clients list. */
async function openClient(page: Page, name: string): Promise<void> {
  await page.goto('/clients');
  await page.getByRole('link', { name }).first().click();
}
