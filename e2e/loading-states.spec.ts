// Opening a screen with data on the device never shows the empty state first: from the first paint of a fresh load
// of /clients, a client's page, /fornecedores and /expenses, a watcher records every appearance of an empty-state
// text ('Nenhum cliente encontrado', 'Cliente não encontrado', ...) or a zero total; none may appear before the rows.
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedOwner, shot as screenshot, signIn } from './support/owner.ts';

declare global {
  interface Window {
    /** The empty-state texts seen on screen since the page started loading. */
    falseEmpties?: string[];
  }
}

const EMPTY_TEXTS = [
  'Nenhum cliente encontrado',
  'Cliente não encontrado',
  'Nenhum fornecedor cadastrado',
  'Nenhuma despesa encontrada para os filtros selecionados.',
  'N/A',
];

/** Installed before any script of each page: records each empty-state text (and a R$ 0,00 expense total) the
 * moment the DOM holds it, before it can even be painted. */
function watchForFalseEmpties(texts: readonly string[]) {
  const seen: string[] = [];
  window.falseEmpties = seen;
  const check = () => {
    const shown = document.querySelector('body')?.textContent ?? '';
    for (const text of texts) if (shown.includes(text) && !seen.includes(text)) seen.push(text);
    const total = document.querySelector('[data-testid="total-despesas"]')?.textContent;
    if (total === 'R$\u00a00,00' && !seen.includes(total)) seen.push(total);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

async function falseEmpties(page: Page): Promise<string[]> {
  return page.evaluate(() => window.falseEmpties ?? ['watcher missing']);
}

test('a fresh load of the client, supplier and expense screens shows a skeleton, never the empty state, before the data', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const email = `carregando-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);

  // The device holds one client, one supplier and one expense.
  await page.goto('/clients/new');
  await page.getByLabel('Nome').fill('Rosa Amaral');
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  const clientPath = new URL(page.url()).pathname;
  await page.goto('/fornecedores');
  await page.getByRole('button', { name: 'Novo Fornecedor' }).click();
  const supplier = page.getByRole('dialog', { name: 'Adicionar Fornecedor' });
  await supplier.getByLabel('Nome *').fill('Atacadão Boa Vista');
  await supplier.getByRole('button', { name: 'Salvar' }).click();
  await expect(supplier).toBeHidden();
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Nova Despesa' }).click();
  const expense = page.getByRole('dialog', { name: 'Nova Despesa' });
  await expense.getByLabel('Descrição *').fill('Conta de luz');
  await expense.getByLabel('Valor *').pressSequentially('12345');
  await expense.getByRole('button', { name: 'Criar Despesa' }).click();
  await expect(expense).toBeHidden();

  await page.addInitScript(watchForFalseEmpties, EMPTY_TEXTS);
  const screens: { path: string; data: () => Promise<void> }[] = [
    {
      path: '/clients',
      data: () => expect(page.getByRole('list', { name: 'Clientes' }).getByText('Rosa Amaral')).toBeVisible(),
    },
    { path: clientPath, data: () => expect(page.getByRole('heading', { level: 1, name: 'Rosa Amaral' })).toBeVisible() },
    {
      path: '/fornecedores',
      data: () => expect(page.getByRole('list', { name: 'Fornecedores' }).getByText('Atacadão Boa Vista')).toBeVisible(),
    },
    {
      path: '/expenses',
      data: async () => {
        await expect(page.getByLabel('Lista de despesas').getByText('Conta de luz').filter({ visible: true })).toBeVisible();
        await expect(page.getByTestId('total-despesas')).toHaveText('R$\u00a0123,45');
      },
    },
  ];
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.data();
    expect.soft(await falseEmpties(page), screen.path).toEqual([]);
    await screenshot(page, `loaded-${screen.path === clientPath ? 'client' : screen.path.slice(1)}`, 360);
  }
});
