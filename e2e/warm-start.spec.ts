// A warm start paints the owner's screen before the data worker has answered anything: with the worker silent, the
// reload still shows the greeting and the shell, and today's sales read as loading, never as R$ 0,00.
import { expect, test } from '@playwright/test';
import { createConfirmedOwner, shot, signIn, VIEWPORTS } from './support/owner.ts';

/** From the next page load on, every Worker the page starts never answers (a data worker still starting). */
function silenceWorkers(): void {
  class SilentWorker extends EventTarget {
    postMessage(): void {
      // Never answered.
    }
    terminate(): void {
      // Nothing runs.
    }
  }
  Object.defineProperty(window, 'Worker', { value: SilentWorker });
}

test("a warm start shows the owner's dashboard before the data worker answers", async ({ page }) => {
  test.setTimeout(120_000);
  const [phone, desktop] = VIEWPORTS;
  await page.setViewportSize(phone);
  const email = `partida-quente-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email, { nome: 'Lúcia Ramos', nome_mercado: 'Mercadinho Ramos' });
  await signIn(page, email);
  await expect(page.getByTestId('today-sales')).toContainText('R$');

  await page.addInitScript(silenceWorkers);
  await page.reload();
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Lúcia');
  await expect(page.getByText('Mercadinho Ramos').first()).toBeVisible();
  await expect(page.getByTestId('today-sales')).not.toContainText('R$');
  await shot(page, 'warm-start-silent-worker', phone.width);
  await page.setViewportSize(desktop);
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  await shot(page, 'warm-start-silent-worker', desktop.width);
});
