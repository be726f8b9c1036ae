// Chromium figures of the product screens over 10,000 products: keystroke → rendered search result, first page of
// the list after a route change, barcode frames/s in the scanner's decoder worker, 'Finalizar Venda' with 20
// items (bench/ui-sale.ts) and the reports page over 90 days × 100 sales a day to its first chart painted
// (bench/ui-reports.ts), each against a baseline measured in the same page. Runs on its own stack, build and
// preview (bench/browser-app.ts).
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningStack } from '../supabase/local/stack.ts';
import { ean13Modules } from '../tests/support/ean13.ts';
import { percentile, signInAt, withBrowserApp } from './browser-app.ts';
import type { BenchFigure } from './figures.ts';
import { REPORTS_PROBE, reportsFirstChart, seedSalesHistory } from './ui-reports.ts';
import { SALE_PROBE, saleFinishLatency } from './ui-sale.ts';

const PRODUCTS = 10_000;
const INSERT_BATCH = 1_000;
const KEYSTROKES = 40;
const NAVIGATIONS = 10;
const DECODE_MS = 3_000;
const PASSWORD = 'Senha@123';
const CODE = '7891000100103';

/** What the page probe (PAGE_PROBE) answers; the evaluated callbacks cast `window` to this. */
interface ProbeWindow {
  uiBench: {
    load(products: CatalogueEntry[]): void;
    armKey(text: string): boolean;
    armNav(target: 'products' | 'static'): void;
    result(timeoutMs: number): Promise<number>;
    matches(text: string): boolean;
    settle(): Promise<void>;
    filterBaseline(queries: string[], repeats: number): number[];
    decodeFps(
      url: string,
      modules: string,
      width: number,
      height: number,
      moduleWidth: number,
      code: string,
      ms: number,
    ): Promise<number>;
  };
}

interface CatalogueEntry {
  id: string;
  nome: string;
  marca: string;
  codigo_barras: string;
}

/**
 * Installed in every document of the page as plain script text (functions handed to page.evaluate must not
 * carry the helpers the TypeScript loader adds to named functions).
 * - A search is rendered when the list's rows are the first page the worker's rule gives for the text (accents
 *   and case ignored; a word of the name starting with it first, then a name containing it, then a brand or
 *   barcode containing it, each by name in pt-BR order; workers/products/search-index.ts): rows are compared by
 *   product id.
 * - A measurement starts at the keydown (or click) and ends in the first animation frame after the DOM
 *   mutation that made the screen match.
 */
const PAGE_PROBE = String.raw`(() => {
  const LIST = 'ul[aria-label="Produtos"]';
  const PAGE = 10;
  const normalize = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  let sorted = [];
  let names = [];
  let waiter = null;
  let mutations = 0;
  const EMPTY = 'Nenhum produto encontrado';
  /** The rows on screen as product ids, 'empty' for the empty state, null while loading. */
  const rendered = () => {
    const list = document.querySelector(LIST);
    if (!list) return document.body?.textContent.includes(EMPTY) ? 'empty' : null;
    return Array.from(list.querySelectorAll(':scope > li a[href]'), (link) => link.getAttribute('href').split('/').pop()).join(',');
  };
  const expected = (text) => {
    const needle = normalize(text.trim());
    const ranked = [[], [], []];
    for (const entry of sorted) {
      const rank = needle === '' || entry.name.includes(' ' + needle) ? 0 : entry.name.includes(needle) ? 1 : entry.others.includes(needle) ? 2 : -1;
      if (rank >= 0) ranked[rank].push(entry.id);
      if (ranked[0].length >= PAGE) break;
    }
    const ids = ranked.flat().slice(0, PAGE);
    return ids.length === 0 ? 'empty' : ids.join(',');
  };
  const check = () => {
    if (!waiter || waiter.t0 === null || waiter.done || !waiter.ready()) return;
    waiter.done = true;
    const current = waiter;
    requestAnimationFrame(() => current.resolve(performance.now() - current.t0));
  };
  const start = (kind) => () => {
    if (waiter && waiter.kind === kind && waiter.t0 === null) {
      waiter.t0 = performance.now();
      queueMicrotask(check);
    }
  };
  document.addEventListener('keydown', start('keydown'), true);
  document.addEventListener('click', start('click'), true);
  new MutationObserver(() => {
    mutations += 1;
    check();
  }).observe(document, { subtree: true, childList: true, characterData: true });
  const arm = (kind, ready) => {
    let resolve;
    const promise = new Promise((done) => (resolve = done));
    waiter = { kind, ready, t0: null, done: false, resolve, promise };
  };
  window.uiBench = {
    load(products) {
      const entries = products.map((p) => ({ id: p.id, nome: p.nome, name: ' ' + normalize(p.nome), others: normalize([p.marca ?? '', p.codigo_barras ?? ''].join('\u0000')) }));
      sorted = entries.sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
      names = products.map((p) => p.nome);
    },
    /** Arms the next keydown; false when the text would not change the rows on screen (nothing to time). */
    armKey(text) {
      const target = expected(text);
      if (target === rendered()) {
        waiter = null;
        return false;
      }
      arm('keydown', () => rendered() === target);
      return true;
    },
    matches(text) {
      return rendered() === expected(text);
    },
    armNav(target) {
      arm('click', target === 'products'
        ? () => (document.querySelector(LIST)?.querySelectorAll(':scope > li').length ?? 0) >= PAGE
        : () => document.getElementById('page-title')?.textContent === 'Menu Principal');
    },
    result(timeoutMs) {
      const current = waiter;
      if (!current) return Promise.reject(new Error('nothing armed'));
      return Promise.race([
        current.promise,
        new Promise((_, fail) => setTimeout(() => fail(new Error('no matching frame within ' + timeoutMs + ' ms (t0 ' + current.t0 + ')')), timeoutMs)),
      ]).finally(() => { if (waiter === current) waiter = null; });
    },
    /** Resolves once ten frames in a row passed without a DOM mutation. */
    settle() {
      return new Promise((resolve) => {
        let quiet = 0;
        let seen = mutations;
        const frame = () => {
          quiet = mutations === seen ? quiet + 1 : 0;
          seen = mutations;
          if (quiet >= 10) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
    },
    /** The floor: a plain filter over the names, ms per query (mean of repeats). */
    filterBaseline(queries, repeats) {
      let sink = 0;
      for (const query of queries) sink += names.filter((name) => name.toLowerCase().includes(query.toLowerCase())).length;
      const times = queries.map((query) => {
        const started = performance.now();
        for (let i = 0; i < repeats; i += 1) sink += names.filter((name) => name.toLowerCase().includes(query.toLowerCase())).length;
        return (performance.now() - started) / repeats;
      });
      if (sink < 0) throw new Error('unreachable');
      return times;
    },
    /** Frames/s the decoder worker reads a drawn EAN-13 at, one frame in flight as the scanner sends them. */
    async decodeFps(url, modules, width, height, moduleWidth, code, ms) {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#000';
      const left = Math.floor((width - modules.length * moduleWidth) / 2);
      for (let m = 0; m < modules.length; m += 1)
        if (modules[m] === '1') context.fillRect(left + m * moduleWidth, Math.floor(height * 0.2), moduleWidth, Math.floor(height * 0.6));
      const worker = new Worker(url, { type: 'module', name: 'codigo-de-barras' });
      let id = 0;
      const decodeOne = async () => {
        const frame = await createImageBitmap(canvas);
        id += 1;
        const answer = await new Promise((resolve, fail) => {
          worker.onmessage = (event) => resolve(event.data);
          worker.onerror = (event) => fail(new Error('decoder worker: ' + event.message));
          worker.postMessage({ id, frame }, [frame]);
        });
        if (answer.id !== id || answer.result?.text !== code) throw new Error('decoded ' + JSON.stringify(answer) + ', expected ' + code);
      };
      try {
        for (let i = 0; i < 5; i += 1) await decodeOne();
        let frames = 0;
        const started = performance.now();
        while (performance.now() - started < ms) {
          await decodeOne();
          frames += 1;
        }
        return (frames * 1000) / (performance.now() - started);
      } finally {
        worker.terminate();
      }
    },
  };
})();`;

const WORDS = [
  'Arroz Tipo 1',
  'Feijão Carioca',
  'Feijão Preto',
  'Açúcar Refinado',
  'Café Torrado',
  'Leite Integral',
  'Óleo de Soja',
  'Macarrão Espaguete',
  'Sabão em Pó',
  'Biscoito Recheado',
  'Farinha de Trigo',
  'Sal Refinado',
  'Detergente',
  'Papel Higiênico',
  'Refrigerante',
  'Margarina',
  'Molho de Tomate',
  'Sardinha',
  'Achocolatado',
  'Creme Dental',
];
const BRANDS = [
  'Camil',
  'Kicaldo',
  'União',
  'Pilão',
  'Italac',
  'Soya',
  'Renata',
  'Omo',
  'Trakinas',
  'Dona Benta',
  'Cisne',
  'Ypê',
  'Neve',
  'Guaraná',
  'Qualy',
  'Pomarola',
  'Gomes da Costa',
  'Nescau',
  'Colgate',
  'Tio João',
];
/** Typed one character at a time (without accents, as owners type), the field cleared between them. */
const QUERIES = [
  'feijao preto',
  'pilao 15',
  'italac 42',
  'sabao em po omo',
  '78910000047',
  'biscoito',
  'tio joao 12',
  'sardinha gomes',
  'creme dental colgate 3',
  'margarina qualy 7',
  'arroz tipo 1 camil',
];

function catalogue(): CatalogueEntry[] {
  return Array.from({ length: PRODUCTS }, (_, i) => {
    const marca = BRANDS[(i * 7 + Math.floor(i / WORDS.length)) % BRANDS.length] ?? '';
    return {
      id: randomUUID(),
      nome: `${WORDS[i % WORDS.length] ?? ''} ${marca} ${i}`,
      marca,
      codigo_barras: String(7_891_000_000_000 + i),
    };
  });
}

async function seedOwner(stack: RunningStack, email: string, products: CatalogueEntry[]): Promise<void> {
  const key = stack.serviceRoleKey;
  const headers = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const created = await fetch(`${stack.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { nome: 'Rita Alves', nome_mercado: 'Empório Alves' },
    }),
  });
  if (!created.ok) throw new Error(`admin/users: ${created.status} ${await created.text()}`);
  const userId = ((await created.json()) as { id: string }).id;
  for (let start = 0; start < products.length; start += INSERT_BATCH) {
    const rows = products.slice(start, start + INSERT_BATCH).map((product, i) => ({
      ...product,
      user_id: userId,
      preco: 1 + ((start + i) % 50),
      preco_compra: 0.5 + ((start + i) % 40),
      unidade: 'un',
    }));
    const response = await fetch(`${stack.url}/rest/v1/produtos`, {
      method: 'POST',
      headers: { ...headers, prefer: 'return=minimal' },
      body: JSON.stringify(rows),
    });
    if (!response.ok) throw new Error(`insert produtos: ${response.status} ${await response.text()}`);
  }
}

type Probe = ProbeWindow['uiBench'];
const probe = (page: Page) => ({
  settle: () => page.evaluate(() => (window as unknown as ProbeWindow).uiBench.settle()),
  result: () => page.evaluate((ms) => (window as unknown as ProbeWindow).uiBench.result(ms), 15_000),
  armKey: (text: string) => page.evaluate((value) => (window as unknown as ProbeWindow).uiBench.armKey(value), text),
  armNav: (target: Parameters<Probe['armNav']>[0]) =>
    page.evaluate((value) => {
      (window as unknown as ProbeWindow).uiBench.armNav(value);
    }, target),
});

/** Types each query character by character; returns the timed keystrokes (ms) and the texts they produced. */
async function searchLatency(page: Page): Promise<{ samples: number[]; texts: string[] }> {
  const bench = probe(page);
  const field = page.getByRole('searchbox', { name: 'Buscar produto pelo nome' });
  await field.click();
  const samples: number[] = [];
  const texts: string[] = [];
  const press = async (key: string, text: string) => {
    const timed = await bench.armKey(text);
    await page.keyboard.press(key);
    if (timed) {
      samples.push(await bench.result());
      texts.push(text);
    }
    // The next key starts from a settled screen showing this text's rows.
    await page.waitForFunction((value) => (window as unknown as ProbeWindow).uiBench.matches(value), text, { timeout: 15_000 });
    await bench.settle();
  };
  for (const query of QUERIES) {
    for (let length = 1; length <= query.length; length += 1)
      await press(query[length - 1] === ' ' ? 'Space' : (query[length - 1] ?? ''), query.slice(0, length));
    await page.keyboard.press('ControlOrMeta+a');
    await press('Backspace', '');
    if (samples.length >= KEYSTROKES) break;
  }
  if (samples.length < 30) throw new Error(`só ${samples.length} teclas mudaram a lista`);
  return { samples, texts };
}

/** Route changes from /dashboard by the bottom bar, alternating the product list and the static 'Mais' page. */
async function navigationLatency(page: Page): Promise<{ products: number[]; statics: number[] }> {
  const bench = probe(page);
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  const products: number[] = [];
  const statics: number[] = [];
  const toDashboard = async () => {
    await nav.getByRole('link', { name: 'Início' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard-greeting').waitFor();
    await bench.settle();
  };
  const measure = async (target: 'products' | 'static') => {
    await bench.armNav(target);
    await nav.getByRole('link', { name: target === 'products' ? 'Produtos' : 'Mais' }).click();
    const ms = await bench.result();
    await toDashboard();
    return ms;
  };
  await toDashboard();
  // One untimed round loads both routes' code, as any owner's first visit does.
  await measure('products');
  await measure('static');
  for (let i = 0; i < NAVIGATIONS; i += 1) {
    products.push(await measure('products'));
    statics.push(await measure('static'));
  }
  return { products, statics };
}

export default async function uiBench(): Promise<BenchFigure[]> {
  return withBrowserApp('ui', async ({ stack, site, outDir, browser }) => {
    const decoder = readdirSync(join(outDir, 'assets')).find((file) => /^decoder\.worker-.*\.js$/.test(file));
    if (!decoder) throw new Error('o build não tem o worker do scanner (decoder.worker-*.js)');

    const products = catalogue();
    const email = `bench-ui-${Date.now()}@exemplo.com.br`;
    await seedOwner(stack, email, products);

    // A phone (the bottom bar has 'Produtos' and 'Mais').
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    await context.addInitScript({ content: PAGE_PROBE });
    await context.addInitScript({ content: SALE_PROBE });
    await context.addInitScript({ content: REPORTS_PROBE });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signInAt(page, site, email, PASSWORD);
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Produtos' }).click();
    // The device pulls the 10,000 products; the free plan's counter says when they are all on it.
    await page
      .getByTestId('product-counter')
      .filter({ hasText: `Produtos: ${PRODUCTS}/` })
      .waitFor({ timeout: 120_000 });
    await page.evaluate((list) => {
      (window as unknown as ProbeWindow).uiBench.load(list);
    }, products);
    await probe(page).settle();

    const search = await searchLatency(page);
    const floor = await page.evaluate(
      (queries) => (window as unknown as ProbeWindow).uiBench.filterBaseline(queries, 20),
      search.texts,
    );
    const navigation = await navigationLatency(page);
    const modules = ean13Modules(CODE);
    const decodeFps = (width: number, height: number, moduleWidth: number) =>
      page.evaluate(
        (args) =>
          (window as unknown as ProbeWindow).uiBench.decodeFps(
            args.url,
            args.modules,
            args.width,
            args.height,
            args.moduleWidth,
            args.code,
            args.ms,
          ),
        { url: `/assets/${decoder}`, modules, width, height, moduleWidth, code: CODE, ms: DECODE_MS },
      );
    const hd = await decodeFps(1280, 720, 6);
    const vga = await decodeFps(640, 480, 3);
    const sale = await saleFinishLatency(
      page,
      [...products].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')),
    );
    // The 90 days of sales reach the server (and the device) only now, so the figures above are not made over them.
    const seededSales = await seedSalesHistory(stack, email, products);
    const reports = await reportsFirstChart(page, site, seededSales);

    return [
      {
        name: `busca na lista de ${PRODUCTS} produtos, tecla → resultado na tela (${search.samples.length} teclas), p50`,
        value: percentile(search.samples, 50),
        unit: 'ms',
        baseline: {
          name: `Array.filter com toLowerCase().includes em ${PRODUCTS} nomes na página (piso), p50`,
          value: percentile(floor, 50),
        },
      },
      {
        name: `busca na lista de ${PRODUCTS} produtos, tecla → resultado na tela, p95`,
        value: percentile(search.samples, 95),
        unit: 'ms',
        baseline: {
          name: `Array.filter com toLowerCase().includes em ${PRODUCTS} nomes na página (piso), p95`,
          value: percentile(floor, 95),
        },
        target: '< 50 ms',
      },
      {
        name: `navegação /dashboard → /products, 10 primeiras linhas na tela (${NAVIGATIONS} vezes), p50`,
        value: percentile(navigation.products, 50),
        unit: 'ms',
        baseline: { name: 'navegação /dashboard → /more (página estática), p50', value: percentile(navigation.statics, 50) },
      },
      {
        name: `navegação /dashboard → /products, 10 primeiras linhas na tela, p95`,
        value: percentile(navigation.products, 95),
        unit: 'ms',
        baseline: { name: 'navegação /dashboard → /more (página estática), p95', value: percentile(navigation.statics, 95) },
        target: '< 300 ms',
      },
      {
        name: 'decodificação no worker do scanner (Chromium), quadro 1280x720 com EAN-13',
        value: hd,
        unit: 'quadros/s',
        baseline: { name: 'mesmo laço com quadro 640x480', value: vga },
        target: '≥ 15 quadros/s',
      },
      {
        name: `Finalizar Venda com 20 itens, toque → venda salva, carrinho vazio e estoque na tela atualizado (${sale.finish.length} vendas), p50`,
        value: percentile(sale.finish, 50),
        unit: 'ms',
        baseline: {
          name: "'Limpar Carrinho' com os mesmos 20 itens, toque → carrinho vazio na tela, p50",
          value: percentile(sale.clear, 50),
        },
      },
      {
        name: 'Finalizar Venda com 20 itens, toque → venda salva, carrinho vazio e estoque na tela atualizado, p95',
        value: percentile(sale.finish, 95),
        unit: 'ms',
        baseline: {
          name: "'Limpar Carrinho' com os mesmos 20 itens, toque → carrinho vazio na tela, p95",
          value: percentile(sale.clear, 95),
        },
        target: '< 100 ms',
      },
      {
        name: `Finalizar Venda com 20 itens, 10% de desconto e pagamento dividido (dinheiro + PIX), toque → venda salva, carrinho vazio e estoque na tela atualizado (${sale.finishSplit.length} vendas), p50`,
        value: percentile(sale.finishSplit, 50),
        unit: 'ms',
        baseline: {
          name: "'Limpar Carrinho' com os mesmos 20 itens, toque → carrinho vazio na tela, p50",
          value: percentile(sale.clear, 50),
        },
      },
      {
        name: 'Finalizar Venda com 20 itens, 10% de desconto e pagamento dividido (dinheiro + PIX), toque → venda salva, carrinho vazio e estoque na tela atualizado, p95',
        value: percentile(sale.finishSplit, 95),
        unit: 'ms',
        baseline: {
          name: "'Limpar Carrinho' com os mesmos 20 itens, toque → carrinho vazio na tela, p95",
          value: percentile(sale.clear, 95),
        },
        target: '< 100 ms',
      },
      {
        name: `/reports com 90 dias × 100 vendas, volta no histórico → primeiro gráfico pintado (${reports.reports.length} vezes), p50`,
        value: percentile(reports.reports, 50),
        unit: 'ms',
        baseline: { name: 'volta no histórico → /more (página estática), p50', value: percentile(reports.statics, 50) },
      },
      {
        name: '/reports com 90 dias × 100 vendas, volta no histórico → primeiro gráfico pintado, p95',
        value: percentile(reports.reports, 95),
        unit: 'ms',
        baseline: { name: 'volta no histórico → /more (página estática), p95', value: percentile(reports.statics, 95) },
        target: '< 1 s',
      },
    ];
  });
}
