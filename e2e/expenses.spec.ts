// The expenses page with the network off from the first step after sign-in, at 360 px and 1280 px: empty
// states, categories (messages, duplicate name, delete), expenses (messages, digits as cents, edit), the
// summary and charts, filters, pages of 10 with the step back after deleting a page's last row, and both exports
// downloaded and read back (CSV parsed, PDF text extracted); nothing spills sideways, a screenshot of each state.
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { pdfPages } from '../tests/support/pdf-text.ts';
import {
  createConfirmedOwner,
  goOffline,
  NBSP,
  shotOnPhoneAndDesktop as screenshot,
  signIn,
  PHONE,
  VIEWPORTS,
} from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `expenses-${name}`);
/** The flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;
const brl = (text: string) => `R$${NBSP}${text}`;

async function exported(page: Page, item: 'Exportar PDF' | 'Exportar CSV'): Promise<{ download: Download; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  return { download, bytes: await readFile(await download.path()) };
}

async function chooseCategory(page: Page, select: Locator, name: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(select).toContainText(name);
}

interface NewExpense {
  descricao: string;
  digits: string;
  data: string;
  categoria?: string;
}

async function addExpense(page: Page, expense: NewExpense): Promise<void> {
  await page.getByRole('button', { name: 'Nova Despesa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Despesa' });
  await dialog.getByLabel('Descrição *').fill(expense.descricao);
  await dialog.getByLabel('Valor *').pressSequentially(expense.digits);
  await dialog.getByLabel('Data *').fill(expense.data);
  if (expense.categoria) await chooseCategory(page, dialog.getByRole('combobox', { name: 'Categoria' }), expense.categoria);
  await dialog.getByRole('button', { name: 'Criar Despesa' }).click();
  await expect(dialog).toBeHidden();
}

test(`expenses offline on a phone, each screen also on a desktop: categories, expenses, summary, filters, pages, exports`, async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(viewport);
  const email = `despesas-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);
  await goOffline(page, context);
  await page.goto('/expenses');
  await expect(page.getByRole('heading', { level: 1, name: 'Despesas' })).toBeVisible();
  await expect(page.getByText('Nenhuma despesa encontrada para os filtros selecionados.')).toBeVisible();
  await expect(page.getByText('Nenhuma despesa encontrada para o período selecionado.')).toHaveCount(2);
  await expect(page.getByText('N/A')).toBeVisible();
  await expect(page.getByText('Nenhuma despesa no período')).toBeVisible();
  await shot(page, 'empty');

  // Keyboard: the dialog opens with Enter, its first field has the focus, Escape closes it; the menu opens too.
  await page.getByRole('button', { name: 'Nova Despesa' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Nova Despesa' }).getByLabel('Descrição *')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Nova Despesa' })).toBeHidden();
  await page.getByRole('button', { name: 'Exportar', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Exportar PDF' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  // Categories: the spec's messages, a duplicate name, a removed one.
  await page.getByRole('button', { name: 'Categorias' }).click();
  const categories = page.getByRole('dialog', { name: 'Gerenciar Categorias' });
  await expect(categories.getByText('Adicione ou remova suas categorias de despesa.')).toBeVisible();
  await expect(categories.getByText('Nenhuma categoria encontrada.')).toBeVisible();
  const nome = categories.getByLabel('Nome da categoria');
  await nome.fill('A');
  await categories.getByRole('button', { name: 'Adicionar' }).click();
  await expect(nome).toHaveAccessibleDescription('O nome deve ter pelo menos 2 caracteres.');
  for (const name of ['Aluguel', 'Energia', 'Temporária']) {
    await nome.fill(name);
    await categories.getByRole('button', { name: 'Adicionar' }).click();
    await expect(categories.getByRole('list', { name: 'Categorias existentes' })).toContainText(name);
  }
  await expect(page.getByText('Categoria adicionada offline').first()).toBeVisible();
  await nome.fill('aluguel');
  await categories.getByRole('button', { name: 'Adicionar' }).click();
  await expect(nome).toHaveAccessibleDescription('Já existe uma categoria com este nome.');
  await expect(page.getByText('Erro ao salvar categoria')).toBeVisible();
  await categories.getByRole('button', { name: 'Excluir categoria Temporária' }).click();
  await expect(page.getByText('Categoria excluída offline')).toBeVisible();
  await expect(categories.getByRole('list', { name: 'Categorias existentes' }).getByRole('listitem')).toHaveCount(2);
  await shot(page, 'categories');
  await categories.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(categories).toBeHidden();

  // A new expense: the spec's messages, then digits typed as cents.
  await page.getByRole('button', { name: 'Nova Despesa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Despesa' });
  await expect(dialog.getByText('Preencha os detalhes da nova despesa.')).toBeVisible();
  await expect(dialog.getByLabel('Valor *')).toHaveValue(brl('0,00'));
  await dialog.getByLabel('Descrição *').fill('ab');
  await dialog.getByLabel('Data *').fill('');
  await dialog.getByRole('button', { name: 'Criar Despesa' }).click();
  await expect(dialog.getByLabel('Descrição *')).toHaveAccessibleDescription('A descrição deve ter pelo menos 3 caracteres.');
  await expect(dialog.getByLabel('Valor *')).toHaveAccessibleDescription('O valor deve ser positivo.');
  await expect(dialog.getByLabel('Data *')).toHaveAccessibleDescription('Data inválida.');
  await shot(page, 'form-invalid');
  await dialog.getByLabel('Descrição *').fill('Conta de luz novembro');
  await dialog.getByLabel('Valor *').pressSequentially('15075');
  await expect(dialog.getByLabel('Valor *')).toHaveValue(brl('150,75'));
  await dialog.getByLabel('Data *').fill('2026-11-10');
  await chooseCategory(page, dialog.getByRole('combobox', { name: 'Categoria' }), 'Energia');
  await dialog.getByRole('button', { name: 'Criar Despesa' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Despesa criada offline')).toBeVisible();
  await expect(page.getByText('A despesa será sincronizada quando você estiver online.')).toBeVisible();

  await addExpense(page, { descricao: 'Aluguel de novembro', digits: '120000', data: '2026-11-05', categoria: 'Aluguel' });
  await addExpense(page, { descricao: 'Conta de luz outubro', digits: '10000', data: '2026-10-20', categoria: 'Energia' });
  for (let day = 1; day <= 9; day += 1) {
    await addExpense(page, {
      descricao: `Sacolas lote ${String(day)}`,
      digits: '1000',
      data: `2026-09-${String(day).padStart(2, '0')}`,
    });
  }

  // 12 expenses: the summary, the largest, both charts, and two pages.
  await expect(page.getByTestId('total-despesas')).toHaveText(brl('1.540,75'));
  const largest = page.getByRole('region', { name: 'Resumo das despesas' });
  await expect(largest).toContainText(`Aluguel${brl('1.200,00')}`);
  await expect(page.getByRole('img', { name: /^Distribuição por Categoria: Aluguel/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Top 5 Categorias: Aluguel/ })).toBeVisible();
  await expect(page.getByText('Página 1 de 2')).toBeVisible();
  const rows = page.getByRole('list', { name: 'Lista de despesas' }).getByRole('listitem');
  await expect(rows).toHaveCount(10);
  // On a desktop the same page is a table.
  await page.setViewportSize(VIEWPORTS[1]);
  const tableRows = page.getByRole('table', { name: 'Lista de despesas' }).locator('tbody tr');
  await expect(tableRows).toHaveCount(10);
  await expect(tableRows.first()).toContainText('Conta de luz novembro');
  await expect(tableRows.first()).toContainText(brl('150,75'));
  await page.setViewportSize(viewport);
  await expect(rows.first()).toContainText('Conta de luz novembro');
  await expect(rows.first()).toContainText('Energia');
  await expect(rows.first()).toContainText('10/11/2026');
  await expect(rows.first()).toContainText(brl('150,75'));
  await expect(rows.nth(4)).toContainText('Sem categoria');
  await shot(page, 'list');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('Página 2 de 2')).toBeVisible();
  await expect(rows).toHaveCount(2);

  // Delete the page's rows: with the last one gone the list steps back to page 1 (and one page needs no pager).
  await page.getByRole('button', { name: 'Excluir Sacolas lote 2' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir despesa' });
  await expect(confirm).toContainText('Tem certeza que deseja excluir esta despesa?');
  await shot(page, 'delete');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Despesa agendada para exclusão')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('Página 2 de 2')).toBeVisible();
  await page.getByRole('button', { name: 'Excluir Sacolas lote 1' }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(rows).toHaveCount(10);
  await expect(page.getByRole('navigation', { name: 'Paginação das despesas' })).toHaveCount(0);
  await expect(rows.first()).toContainText('Conta de luz novembro');

  // Edit: the dialog shows the stored values; the new value is saved.
  await page.getByRole('button', { name: 'Editar Conta de luz outubro' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Despesa' });
  await expect(edit.getByText('Atualize os detalhes da despesa.')).toBeVisible();
  await expect(edit.getByLabel('Descrição *')).toHaveValue('Conta de luz outubro');
  await expect(edit.getByLabel('Valor *')).toHaveValue(brl('100,00'));
  await expect(edit.getByLabel('Data *')).toHaveValue('2026-10-20');
  await expect(edit.getByRole('combobox', { name: 'Categoria' })).toContainText('Energia');
  await edit.getByLabel('Valor *').press('Backspace');
  await expect(edit.getByLabel('Valor *')).toHaveValue(brl('10,00'));
  await edit.getByLabel('Valor *').pressSequentially('5');
  await expect(edit.getByLabel('Valor *')).toHaveValue(brl('100,05'));
  await edit.getByRole('button', { name: 'Atualizar Despesa' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Despesa atualizada offline')).toBeVisible();
  await expect(page.getByTestId('total-despesas')).toHaveText(brl('1.520,80'));

  // Filters: description (accents and case ignored), category, period with the previous period compared.
  const search = page.getByRole('searchbox', { name: 'Buscar por descrição' });
  await search.fill('LUZ');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('total-despesas')).toHaveText(brl('250,80'));
  await search.fill('xyz');
  await expect(page.getByText('Nenhuma despesa encontrada para os filtros selecionados.')).toBeVisible();
  await expect(page.getByText('Nenhuma despesa encontrada para o período selecionado.')).toHaveCount(2);
  await search.fill('');
  await expect(rows).toHaveCount(10);
  await chooseCategory(page, page.getByRole('combobox', { name: 'Categoria' }), 'Aluguel');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Aluguel de novembro');
  await chooseCategory(page, page.getByRole('combobox', { name: 'Categoria' }), 'Todas as categorias');
  await expect(rows).toHaveCount(10);
  await page.getByLabel('De', { exact: true }).fill('2026-11-01');
  await page.getByLabel('Até', { exact: true }).fill('2026-11-30');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('01/11/2026 – 30/11/2026')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('total-despesas')).toHaveText(brl('1.350,75'));
  // October 2 to 31 held 100,05: +1250,1%.
  await expect(page.getByText('+1.250,1% em relação ao período anterior')).toBeVisible();
  await shot(page, 'filtered');

  // Exports of the filtered expenses, offline: the CSV parses back to the rows; the PDF's text has them too.
  const csv = await exported(page, 'Exportar CSV');
  expect(csv.download.suggestedFilename()).toMatch(/^despesas_\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Despesas exportadas em CSV')).toBeVisible();
  await expect(page.getByText('O arquivo foi baixado com sucesso.')).toBeVisible();
  const parsed = Papa.parse<string[]>(csv.bytes.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' });
  expect(parsed.data).toEqual([
    ['Data', 'Descrição', 'Categoria', 'Valor'],
    ['10/11/2026', 'Conta de luz novembro', 'Energia', '150,75'],
    ['05/11/2026', 'Aluguel de novembro', 'Aluguel', '1200,00'],
    ['Total', '', '', '1350,75'],
  ]);
  const pdf = await exported(page, 'Exportar PDF');
  expect(pdf.download.suggestedFilename()).toMatch(/^despesas_\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(page.getByText('Despesas exportadas em PDF')).toBeVisible();
  const text = (await pdfPages(new Uint8Array(pdf.bytes))).join('\n').replace(/\u00a0/g, ' ');
  for (const expected of [
    'Relatório de Despesas',
    'Gerado em',
    'Data Descrição Categoria Valor',
    '10/11/2026 Conta de luz novembro Energia R$ 150,75',
    '05/11/2026 Aluguel de novembro Aluguel R$ 1.200,00',
    'Total: R$ 1.350,75',
  ]) {
    expect(text).toContain(expected);
  }

  // 'Limpar' clears every filter.
  await page.getByRole('button', { name: 'Limpar todos os filtros' }).click();
  await expect(page.getByText('Selecione o período')).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('total-despesas')).toHaveText(brl('1.520,80'));
});
