// Pairing two phones on /aparelhos through the code text, as an owner would with no camera: A shows its code, B
// reads it and shows its answer, A reads that; both then say 'Conectado ao aparelho …'. Shared by the e2e spec and
// the peer bench, so it waits with locators only (no test runner needed).
import type { Page } from '@playwright/test';

/** The name a phone shows for itself ('Este aparelho: X'), once /aparelhos is open. */
export async function deviceLabel(page: Page): Promise<string> {
  const text = (await page.getByTestId('this-device').textContent()) ?? '';
  return text.replace('Este aparelho: ', '');
}

/** Pairs `a` (shows the code) with `b` (reads it), both on /aparelhos; returns the two codes used. */
export async function pairPhones(a: Page, b: Page): Promise<{ invite: string; answer: string }> {
  const [labelA, labelB] = [await deviceLabel(a), await deviceLabel(b)];
  await a.getByRole('button', { name: 'Mostrar código' }).click();
  const inviteField = a.getByRole('textbox', { name: 'Código de pareamento deste aparelho' });
  await inviteField.waitFor();
  const invite = await inviteField.inputValue();
  await b.getByRole('button', { name: 'Ler código' }).click();
  await b.getByRole('textbox', { name: 'Código do outro aparelho' }).fill(invite);
  await b.getByRole('button', { name: 'Continuar' }).click();
  const answerField = b.getByRole('textbox', { name: 'Código de resposta deste aparelho' });
  await answerField.waitFor();
  const answer = await answerField.inputValue();
  await a.getByRole('textbox', { name: 'Código de resposta', exact: true }).fill(answer);
  await a.getByRole('button', { name: 'Conectar', exact: true }).click();
  await a
    .getByTestId('peer-state')
    .filter({ hasText: `Conectado ao aparelho ${labelB}` })
    .waitFor();
  await b
    .getByTestId('peer-state')
    .filter({ hasText: `Conectado ao aparelho ${labelA}` })
    .waitFor();
  return { invite, answer };
}
