// 'Exportar meus dados' on 'Minha Conta' with the network off: the device writes one zip with everything of the
// owner it holds (caderneta.json and a CSV per table); the downloaded file is opened and checked.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, goOffline, PHONE, shotOnPhoneAndDesktop, signIn } from './support/owner.ts';

/** The flow runs once, on the phone; the screen it shows is also looked at on the desktop. */
const viewport = PHONE;

test(`the owner's data export offline on a phone, the screen also on a desktop`, async ({ page, context }) => {
  await page.setViewportSize(viewport);
  const email = `meus-dados-${viewport.width}-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Rita Alves', nome_mercado: 'Empório Alves' });
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const seeded = await fetch(`${STACK_URL}/rest/v1/produtos`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify([
      { user_id: userId, nome: 'Feijão Carioca 1 kg', preco: 8.49, unidade: 'un' },
      { user_id: userId, nome: 'Queijo Minas', preco: 42.9, unidade: 'kg' },
    ]),
  });
  expect(seeded.ok).toBe(true);
  await signIn(page, email);
  // The products have reached the device before the network goes.
  await page.goto('/products');
  await expect(page.getByTestId('product-counter')).toHaveText('Produtos: 2/50', { timeout: 20_000 });
  await goOffline(page, context);

  await page.getByRole('link', { name: 'Conta' }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha Conta' })).toBeVisible();
  const card = page.getByRole('heading', { name: 'Meus dados' });
  await card.scrollIntoViewIfNeeded();
  await shotOnPhoneAndDesktop(page, 'data-export');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar meus dados' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^caderneta_dados_\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText('Dados exportados')).toBeVisible();

  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  const backup = JSON.parse(strFromU8(zip['caderneta.json'] ?? new Uint8Array())) as {
    userId: string;
    tables: Record<string, { nome?: string; preco?: number }[]>;
  };
  expect(backup.userId).toBe(userId);
  expect(backup.tables.produtos?.map((row) => [row.nome, row.preco])).toEqual(
    expect.arrayContaining([
      ['Feijão Carioca 1 kg', 8.49],
      ['Queijo Minas', 42.9],
    ]),
  );
  const produtos = Papa.parse<Record<string, string>>(strFromU8(zip['produtos.csv'] ?? new Uint8Array()), {
    header: true,
    delimiter: ';',
    skipEmptyLines: true,
  });
  expect(produtos.data.map((row) => row.preco).sort()).toEqual(['42,9', '8,49']);
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(['clientes.csv', 'vendas.csv', 'despesas.csv', 'fornecedores.csv']));
});
