// The suppliers screen with the network off from the first step after sign-in, at 360 px and 1280 px: the empty
// state, the form's messages, add, search by name and phone, edit, both exports opened and checked (CSV parsed
// back, PDF text read), delete with its confirmation; nothing spills sideways, a screenshot of each state.
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { pdfPages } from '../tests/support/pdf-text.ts';
import { createConfirmedOwner, goOffline, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `suppliers-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

async function exported(page: Page, item: 'Exportar PDF' | 'Exportar CSV'): Promise<{ download: Download; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}

test(`suppliers offline on a phone, each screen also on a desktop: add, search, edit, export, delete`, async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(viewport);
  const email = `fornecedores-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);
  await goOffline(page, context);
  await page.goto('/fornecedores');
  await expect(page.getByRole('heading', { level: 1, name: 'Fornecedores' })).toBeVisible();
  await expect(page.getByText('Nenhum fornecedor cadastrado')).toBeVisible();
  await expect(page.getByText('Comece adicionando seu primeiro fornecedor.')).toBeVisible();
  await shot(page, 'empty');

  // The form refuses a short name and a bad email with the spec's words.
  await page.getByRole('button', { name: 'Novo Fornecedor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Fornecedor' });
  await dialog.getByLabel('Nome *').fill('At');
  await dialog.getByLabel('Email').fill('vendas@atacadao');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByLabel('Nome *')).toHaveAccessibleDescription('O nome deve ter pelo menos 3 caracteres.');
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription('Email inválido.');
  await shot(page, 'form-invalid');
  await dialog.getByLabel('Nome *').fill('Atacadão São Jorge');
  await dialog.getByLabel('CNPJ/CPF').fill('12.345.678/0001-90');
  await dialog.getByLabel('Telefone').pressSequentially('11987654321');
  await expect(dialog.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  await dialog.getByLabel('Email').fill('vendas@atacadao.com.br');
  await dialog.getByLabel('Endereço').fill('Rua das Flores, 10 - Centro');
  await dialog.getByLabel('Observações').fill('Entrega às terças');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Fornecedor salvo offline')).toBeVisible();
  await expect(page.getByText('Os dados serão sincronizados quando você estiver online.')).toBeVisible();

  await page.getByRole('button', { name: 'Novo Fornecedor' }).click();
  await page.getByRole('dialog', { name: 'Adicionar Fornecedor' }).getByLabel('Nome *').fill('Bebidas Ávila');
  await page.getByRole('dialog', { name: 'Adicionar Fornecedor' }).getByLabel('Telefone').fill('2133334444');
  await page.getByRole('dialog', { name: 'Adicionar Fornecedor' }).getByRole('button', { name: 'Salvar' }).click();
  const cards = page.getByRole('list', { name: 'Fornecedores' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Atacadão São Jorge');
  await expect(cards.first()).toContainText('(11) 98765-4321');
  await expect(cards.first()).toContainText('vendas@atacadao.com.br');
  await expect(cards.first()).toContainText('Rua das Flores, 10 - Centro');
  await expect(cards.nth(1)).toContainText('(21) 3333-4444');
  await shot(page, 'list');

  // Search by name (no accents, any case), by phone, and with no match.
  const search = page.getByRole('searchbox', { name: 'Buscar fornecedores por nome ou telefone' });
  await search.fill('avila');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Bebidas Ávila');
  await search.fill('98765');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Atacadão São Jorge');
  await search.fill('padaria');
  await expect(page.getByText('Nenhum fornecedor encontrado')).toBeVisible();
  await expect(page.getByText('Tente buscar com outros termos.')).toBeVisible();
  await shot(page, 'not-found');
  await search.fill('');
  await expect(cards).toHaveCount(2);

  // Edit: the stored values come back, masked; a cleared email is saved as nothing.
  await page.getByRole('button', { name: 'Editar Bebidas Ávila' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Fornecedor' });
  await expect(edit.getByLabel('Telefone')).toHaveValue('(21) 3333-4444');
  await edit.getByLabel('Endereço').fill('Av. Brasil, 500');
  await shot(page, 'edit');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Fornecedor atualizado offline')).toBeVisible();
  await expect(cards.nth(1)).toContainText('Av. Brasil, 500');

  // Exports, offline: the CSV parses back to the rows; the PDF's text has the title, date, rows and total.
  const csv = await exported(page, 'Exportar CSV');
  expect(csv.download.suggestedFilename()).toMatch(/^fornecedores_\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Fornecedores exportados em CSV')).toBeVisible();
  const parsed = Papa.parse<string[]>(csv.bytes.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' });
  expect(parsed.data[0]).toEqual(['Nome', 'CNPJ/CPF', 'Telefone', 'Email', 'Endereço', 'Observações', 'Data de Criação']);
  expect(parsed.data.slice(1).map((row) => row.slice(0, 6))).toEqual([
    [
      'Atacadão São Jorge',
      '12.345.678/0001-90',
      '(11) 98765-4321',
      'vendas@atacadao.com.br',
      'Rua das Flores, 10 - Centro',
      'Entrega às terças',
    ],
    ['Bebidas Ávila', '', '(21) 3333-4444', '', 'Av. Brasil, 500', ''],
  ]);
  expect(parsed.data[1]?.[6]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  const pdf = await exported(page, 'Exportar PDF');
  expect(pdf.download.suggestedFilename()).toMatch(/^fornecedores_\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = (await pdfPages(new Uint8Array(pdf.bytes))).join('\n');
  for (const expected of [
    'Relatório de Fornecedores',
    'Gerado em',
    'Atacadão São Jorge',
    'Bebidas Ávila',
    'Total: 2 fornecedores',
  ]) {
    expect(text).toContain(expected);
  }

  // Delete, with the spec's confirmation.
  await page.getByRole('button', { name: 'Excluir Bebidas Ávila' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir Fornecedor' });
  await expect(confirm).toContainText('Tem certeza que deseja excluir este fornecedor?');
  await shot(page, 'delete');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Fornecedor excluído com sucesso')).toBeVisible();
  await expect(cards).toHaveCount(1);
});
