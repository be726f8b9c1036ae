// Device → device latency over the peer link in Chromium: two phones of one owner, the server out of reach, paired
// on /aparelhos (a WebRTC data channel on loopback); A sets a product's stock ('Ajuste de estoque') while both show
// the product's page. Measured from the tap on A's 'Confirmar' to the new stock painted on B, against the same tap
// to the new stock painted on A itself (the local write and render, which the link's trip adds to).
import type { BrowserContext, Page } from '@playwright/test';
import { pairPhones } from '../e2e/support/peer.ts';
import type { RunningStack } from '../supabase/local/stack.ts';
import { percentile, signInAt, withBrowserApp } from './browser-app.ts';
import type { BenchFigure } from './figures.ts';

const ROUNDS = 40;
const PASSWORD = 'Senha@123';
const PRODUCT = 'Arroz Branco 5 kg';

/** When each stock text was first painted on this page (epoch ms, comparable across pages of one browser), and
 * when the last tap on 'Confirmar' happened. Installed as plain script text in every document. */
const PEER_PROBE = String.raw`(() => {
  const painted = new Map();
  let tapped = null;
  const now = () => performance.timeOrigin + performance.now();
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.textContent.trim() === 'Confirmar') tapped = now();
  }, true);
  const check = () => {
    const stock = document.querySelector('[data-testid="current-stock"]');
    const text = stock ? stock.textContent : null;
    if (text && !painted.has(text)) {
      painted.set(text, null);
      requestAnimationFrame(() => painted.set(text, now()));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  window.peerBench = {
    paintedAt: (text) => painted.get(text) ?? null,
    tappedAt: () => tapped,
  };
})();`;

interface PeerProbeWindow {
  peerBench: { paintedAt(text: string): number | null; tappedAt(): number | null };
}

async function seedOwner(stack: RunningStack, email: string): Promise<void> {
  const key = stack.serviceRoleKey;
  const headers = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const call = async (path: string, method: string, body: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { ...headers, prefer: 'return=representation' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as unknown;
  };
  const user = (await call('/auth/v1/admin/users', 'POST', {
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { nome: 'Joana Reis', nome_mercado: 'Mercadinho Reis' },
  })) as { id: string };
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await call(`/rest/v1/users?id=eq.${user.id}`, 'PATCH', { plano: 'premium', data_fim_plano: until, status_pagamento: 'ativo' });
  await call('/rest/v1/produtos', 'POST', [{ user_id: user.id, nome: PRODUCT, preco: 25 }]);
}

/** A phone signed in, on the product's page, with nothing reaching the server any more. */
async function openPhone(context: BrowserContext, site: string, stack: RunningStack, email: string): Promise<Page> {
  await context.addInitScript({ content: PEER_PROBE });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await signInAt(page, site, email, PASSWORD);
  await page.goto(`${site}/products`);
  await page.getByText(PRODUCT).waitFor();
  // Pairing needs the owner's pairing key, which the phone asks the server for while online: it has it first.
  await page.goto(`${site}/aparelhos`);
  await page.getByRole('button', { name: 'Mostrar código' }).and(page.locator(':enabled')).waitFor();
  await context.route(`${stack.url}/**`, (route) => route.abort('internetdisconnected'));
  await context.routeWebSocket(/\/realtime\/v1\//, (socket) => {
    void socket.close();
  });
  await page.goto(`${site}/aparelhos`);
  await page.getByTestId('this-device').waitFor();
  return page;
}

async function openProduct(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Produtos', exact: true })
    .click();
  await page
    .getByRole('list', { name: 'Produtos' })
    .getByRole('listitem')
    .filter({ hasText: PRODUCT })
    .getByRole('link')
    .first()
    .click();
  await page.getByTestId('current-stock').waitFor();
}

const probe = (page: Page) => ({
  paintedAt: (text: string) => page.evaluate((value) => (window as unknown as PeerProbeWindow).peerBench.paintedAt(value), text),
  tappedAt: () => page.evaluate(() => (window as unknown as PeerProbeWindow).peerBench.tappedAt()),
});

export default async function peerBench(): Promise<BenchFigure[]> {
  return withBrowserApp('peer', async ({ stack, site, browser }) => {
    const email = `bench-pares-${Date.now()}@exemplo.com.br`;
    await seedOwner(stack, email);
    const options = { viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' };
    const a = await openPhone(await browser.newContext(options), site, stack, email);
    const b = await openPhone(await browser.newContext(options), site, stack, email);
    await pairPhones(a, b);
    await openProduct(a);
    await openProduct(b);
    const remote: number[] = [];
    const local: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const text = `${String(500 + round)} un`;
      await a.getByRole('button', { name: 'Ajuste de estoque' }).click();
      await a
        .getByRole('dialog')
        .getByLabel('Quantidade (un)')
        .fill(String(500 + round));
      await a.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
      await a.getByTestId('current-stock').filter({ hasText: text }).waitFor();
      await b.getByTestId('current-stock').filter({ hasText: text }).waitFor();
      // Painted is stamped in the frame after the change: wait for both stamps.
      const stamped = (value: string) => (window as unknown as PeerProbeWindow).peerBench.paintedAt(value) !== null;
      await a.waitForFunction(stamped, text);
      await b.waitForFunction(stamped, text);
      const [tap, onA, onB] = [await probe(a).tappedAt(), await probe(a).paintedAt(text), await probe(b).paintedAt(text)];
      if (onA === null || onB === null) throw new Error('estoque sem carimbo');
      if (tap === null) throw new Error('o toque em Confirmar não foi visto');
      local.push(onA - tap);
      remote.push(onB - tap);
      await a.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    return [
      {
        name: `aparelho → aparelho pelo link (WebRTC, loopback), toque em A → estoque na tela de B (${ROUNDS} ajustes), p50`,
        value: percentile(remote, 50),
        unit: 'ms',
        baseline: { name: 'mesmo toque → estoque na tela de A (gravação e tela locais), p50', value: percentile(local, 50) },
      },
      {
        name: 'aparelho → aparelho pelo link (WebRTC, loopback), toque em A → estoque na tela de B, p95',
        value: percentile(remote, 95),
        unit: 'ms',
        baseline: { name: 'mesmo toque → estoque na tela de A (gravação e tela locais), p95', value: percentile(local, 95) },
        target: '< 100 ms',
      },
    ];
  });
}
