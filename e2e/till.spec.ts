// The till (fechamento de caixa) with the network off, at 360 px and 1280 px: open with a float, a cash sale moves
// the figures, a withdrawal and an addition, close with the cash counted and see the difference; the closing lands
// in the history and its text is shared (offline: copied to the clipboard).
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, goOffline, NBSP, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `till-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

test(`till offline on a phone, each screen also on a desktop: open, sangria, suprimento, close, history, share`, async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(viewport);
  const email = `caixa-${viewport.width}-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Célia Prado', nome_mercado: 'Mercadinho Prado' });
  const key = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const seeded = await fetch(`${STACK_URL}/rest/v1/produtos`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId, nome: 'Pão de forma', preco: 7.5 }),
  });
  expect(seeded.ok).toBe(true);
  await signIn(page, email);
  await page.goto('/products');
  await expect(page.getByTestId('product-counter')).toHaveText('Produtos: 1/50', { timeout: 20_000 });
  await goOffline(page, context);

  await page.goto('/more');
  await page.getByRole('link', { name: /^Caixa/ }).click();
  await expect(page).toHaveURL(/\/caixa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Caixa' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Caixa fechado' })).toBeVisible();
  await expect(page.getByText('Nenhum fechamento ainda.')).toBeVisible();
  await shot(page, 'closed');

  // Opening with 50,00 in the drawer.
  await page.getByLabel('Troco inicial (R$)').fill('50');
  await page.getByRole('button', { name: 'Abrir caixa' }).click();
  await expect(page.getByRole('heading', { name: 'Caixa aberto' })).toBeVisible();
  const drawer = page.getByTestId('till-expected');
  await expect(drawer).toHaveText(`R$${NBSP}50,00`);

  // Two loaves sold in cash on the new-sale screen: the drawer expects them.
  await page.goto('/sales');
  await page.getByLabel('Buscar produto por nome ou marca').fill('pão');
  const add = page.getByRole('list', { name: 'Produtos' }).getByRole('button', { name: 'Adicionar Pão de forma ao carrinho' });
  await add.click();
  await add.click();
  await page.getByRole('button', { name: 'Concluir pedido' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await page.goto('/caixa');
  await expect(page.getByTestId('till-sales-total')).toHaveText(`R$${NBSP}15,00`);
  await expect(drawer).toHaveText(`R$${NBSP}65,00`);

  // A withdrawal with no amount is refused on its field; then 12,30 to pay the bread.
  await page.getByRole('button', { name: 'Sangria' }).click();
  const withdrawal = page.getByRole('dialog', { name: 'Sangria' });
  await withdrawal.getByRole('button', { name: 'Confirmar' }).click();
  await expect(withdrawal.getByLabel('Valor (R$)')).toHaveAccessibleDescription(
    'Por favor, informe um valor válido maior que zero.',
  );
  await withdrawal.getByLabel('Valor (R$)').fill('12,30');
  await withdrawal.getByLabel('Motivo (opcional)').fill('Pagamento do pão');
  await withdrawal.getByRole('button', { name: 'Confirmar' }).click();
  await expect(withdrawal).toBeHidden();
  await expect(page.getByText('Sangria registrada')).toBeVisible();
  await page.getByRole('button', { name: 'Suprimento' }).click();
  const addition = page.getByRole('dialog', { name: 'Suprimento' });
  await addition.getByLabel('Valor (R$)').fill('20');
  await addition.getByRole('button', { name: 'Confirmar' }).click();
  await expect(addition).toBeHidden();
  const movements = page.getByRole('list', { name: 'Movimentações' }).getByRole('listitem');
  await expect(movements).toHaveCount(2);
  await expect(movements.first()).toContainText('Pagamento do pão');
  // 50 + 15 − 12,30 + 20
  await expect(drawer).toHaveText(`R$${NBSP}72,70`);
  await shot(page, 'open');

  // Closing: the difference follows what is typed.
  await page.getByRole('button', { name: 'Fechar caixa' }).click();
  const closing = page.getByRole('dialog', { name: 'Fechar caixa' });
  await closing.getByLabel('Dinheiro contado (R$)').fill('72');
  await expect(closing.getByRole('status')).toHaveText(`Diferença: Falta R$${NBSP}0,70`);
  await closing.getByLabel('Observações (opcional)').fill('Moeda de 50 centavos sumiu');
  await shot(page, 'closing');
  await closing.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Caixa fechado com sucesso')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Caixa fechado' })).toBeVisible();
  const history = page.getByRole('list', { name: 'Fechamentos anteriores' }).getByRole('listitem');
  await expect(history).toHaveCount(1);
  await expect(history).toContainText(`Falta R$${NBSP}0,70`);
  await expect(history).toContainText('Este aparelho');
  await expect(history).toContainText('Moeda de 50 centavos sumiu');
  await shot(page, 'history');

  // Offline, sharing copies the closing's text.
  await history.getByRole('button', { name: 'Compartilhar' }).click();
  await expect(page.getByText('Copiado para a área de transferência')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('*Fechamento de caixa* — Mercadinho Prado');
  expect(copied).toContain(`Total vendido: R$${NBSP}15,00 (1 venda)`);
  expect(copied).toContain(`Dinheiro contado: R$${NBSP}72,00`);
  expect(copied).toContain(`Diferença: Falta R$${NBSP}0,70`);
});
