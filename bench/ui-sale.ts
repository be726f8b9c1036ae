// The new sale in Chromium for bench/ui.bench.ts: 'Finalizar Venda' with 20 items, from the tap to the screen
// showing the cart cleared and the stock of the products in view lowered — paid by one method, and with a 10%
// discount on the sale and the payment split between cash and PIX — against 'Limpar Carrinho' with the same 20 items
// (the same trip to the worker and back, without storing a sale) measured in the same page.
import type { Page } from '@playwright/test';
import { frameProbe } from './frame-probe.ts';

const ITEMS = 20;
const ROUNDS = 40;

/** What SALE_PROBE answers; the evaluated callbacks cast `window` to this. */
interface SaleProbeWindow {
  saleBench: {
    arm(expected: Record<string, string> | null): void;
    result(timeoutMs: number): Promise<number>;
  };
}

/**
 * Installed in every document as plain script text. A measurement starts at the click and ends in the first
 * animation frame after the DOM mutation that made the screen show the cart badge at 0 and, for a sale, every
 * product row in view whose name is expected reading its expected stock (at least one such row in view).
 */
export const SALE_PROBE = frameProbe({
  global: 'saleBench',
  start: { on: 'document', event: 'click' },
  ready: String.raw`(expected) => {
  const badge = document.querySelector('[data-testid="cart-count"]');
  if (!badge || badge.textContent !== '0') return false;
  if (!expected) return true;
  const list = document.querySelector('ul[aria-label="Produtos"]');
  if (!list) return false;
  let seen = 0;
  for (const row of list.querySelectorAll(':scope > li')) {
    const button = row.querySelector('button[aria-label^="Adicionar "]');
    const name = button ? button.getAttribute('aria-label').replace(/^Adicionar /, '').replace(/ ao carrinho$/, '') : null;
    if (!name || !(name in expected)) continue;
    if (!row.textContent.includes(expected[name])) return false;
    seen += 1;
  }
  return seen > 0;
}`,
});

export interface SaleProduct {
  readonly nome: string;
  readonly codigo_barras: string;
}

/** The stock a row shows ('Estoque: -3 un'), as formatStock writes it for a unit product. */
const stockText = (value: number) => `Estoque: ${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(value)} un`;

/**
 * On /sales at 360 px, with `products` the first products of the list by name (no stock counted yet, so each has 0):
 * each round fills the cart with the 20 by their barcodes, times 'Limpar Carrinho', fills it again and times
 * 'Finalizar Venda', then once more with 10% off the sale and R$ 1,00 in cash, the rest in PIX ('Dividir
 * pagamento'); after each sale the owner is taken to /reports and comes back by the bottom bar.
 */
export async function saleFinishLatency(
  page: Page,
  products: readonly SaleProduct[],
): Promise<{ finish: number[]; finishSplit: number[]; clear: number[] }> {
  const items = products.slice(0, ITEMS);
  if (items.length < ITEMS) throw new Error(`só ${items.length} produtos para a venda`);
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  const badge = page.getByTestId('cart-count');
  const barcode = page.getByRole('textbox', { name: 'Código de barras' });
  const arm = (expected: Record<string, string> | null) =>
    page.evaluate((value) => {
      (window as unknown as SaleProbeWindow).saleBench.arm(value);
    }, expected);
  const result = () => page.evaluate((ms) => (window as unknown as SaleProbeWindow).saleBench.result(ms), 15_000);
  const openSales = async () => {
    await nav.getByRole('link', { name: 'Vendas' }).click();
    await page.waitForURL(/\/sales$/);
    await page.getByRole('list', { name: 'Produtos' }).waitFor();
  };
  const fill = async () => {
    for (const [index, item] of items.entries()) {
      await barcode.fill(item.codigo_barras);
      await barcode.press('Enter');
      // Added once the badge counts it and the field is emptied for the next code.
      await page.waitForFunction(
        (count) =>
          document.querySelector('[data-testid="cart-count"]')?.textContent === String(count) &&
          document.querySelector<HTMLInputElement>('input[aria-label="Código de barras"]')?.value === '',
        index + 1,
      );
    }
    await page.getByRole('button', { name: 'Concluir pedido' }).click();
    await page.getByRole('list', { name: 'Itens do carrinho' }).waitFor();
  };
  // 10% off the sale, then R$ 1,00 in cash and 'Restante em PIX', until nothing is missing.
  const discountAndSplit = async () => {
    const cart = page.getByRole('dialog', { name: 'Carrinho' });
    const discount = cart.getByRole('group', { name: 'Desconto na venda' });
    await discount.getByText('%', { exact: true }).click();
    await discount.getByLabel('Desconto na venda: Valor do desconto').fill('10');
    await cart.getByRole('button', { name: 'Dividir pagamento' }).click();
    await cart.getByLabel('Valor em Dinheiro').fill('1');
    await cart.getByRole('button', { name: 'Restante em PIX' }).click();
    await cart
      .getByTestId('split-rest')
      .filter({ hasText: /^R\$\s0,00$/ })
      .waitFor();
  };
  const sell = async (timed: number[] | null, before?: () => Promise<void>) => {
    await fill();
    await before?.();
    sold += 1;
    await arm(Object.fromEntries(items.map((item) => [item.nome, stockText(-sold)])));
    await page.getByRole('button', { name: 'Finalizar Venda' }).click();
    const finished = await result();
    await page.waitForURL(/\/reports$/);
    timed?.push(finished);
    await openSales();
  };
  const finish: number[] = [];
  const finishSplit: number[] = [];
  const clear: number[] = [];
  await openSales();
  // One untimed round loads the code of the cart dialog, of the split and of /reports, as an owner's first sales do.
  let sold = 0;
  for (let round = -1; round < ROUNDS; round += 1) {
    const timed = round >= 0;
    await fill();
    await arm(null);
    await page.getByRole('button', { name: 'Limpar Carrinho' }).click();
    const cleared = await result();
    await page.keyboard.press('Escape');
    await badge.filter({ hasText: /^0$/ }).waitFor();
    if (timed) clear.push(cleared);
    await sell(timed ? finish : null);
    await sell(timed ? finishSplit : null, discountAndSplit);
  }
  return { finish, finishSplit, clear };
}
