// The admin's screens in Chromium at scale: the built app signed in as the admin, with 100 owners and then with
// 10,000 (ADMIN_BENCH_OWNERS) in the same run, each figure against the 100-owner one. Measured from the tap: the
// 'Usuários' link → the first user card painted, a search typed → its result painted, 'Ir para a página' → that page
// painted, the 'Dashboard' link → its figures painted, 'Produtos', 'Vendas', 'Pagamentos' and 'Logs' → their first rows
// painted (with ADMIN_BENCH_SALES sales, 1,000,000 by default, spread over the owners, and their products, payments and
// security log); and the bare admin_users_page and admin_sales_page calls in the same run. Everything is seeded in SQL
// (generate_series; the history with the row triggers off, as a restore would write it: the admin's lists read rows,
// not counters) on Postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, else PGlite.
import { SignJWT } from 'jose';
import type { Page } from '@playwright/test';
import type { Database } from '../supabase/local/db/database.ts';
import type { RunningStack } from '../supabase/local/stack.ts';
import { t } from '../src/i18n/admin-catalogue.ts';
import { withBrowserApp } from './browser-app.ts';
import { benchPostgresUrl, scratchPostgres } from './engines.ts';
import type { BenchFigure } from './figures.ts';

const BASELINE_OWNERS = 100;
const OWNERS = Number(process.env.ADMIN_BENCH_OWNERS ?? 10_000);
const SALES = Number(process.env.ADMIN_BENCH_SALES ?? 1_000_000);
/** Products, payments and security-log entries per 1,000 sales of the history seeded with the owners. */
const PRODUCTS_PER_1000_SALES = 100;
const LOGS_PER_1000_SALES = 100;
const ROUNDS = 5;
const PASSWORD = 'Senha@123';
const ADMIN_EMAIL = 'admin-bench@exemplo.com.br';
/** The page the jump asks for (there are at least this many pages of 20 even at the baseline). */
const JUMP_PAGE = 4;
const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function log(message: string): void {
  console.info(`  · ${message}`);
}

/** Owners numbered from `from` to `to` signing up (the sign-up trigger makes each profile), a fifth of them premium. */
async function seedOwners(db: Database, from: number, to: number): Promise<void> {
  await db.query(
    `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at, last_sign_in_at, created_at)
     SELECT gen_random_uuid(), 'dona' || i || '@bench.dev',
            jsonb_build_object('nome', 'Dona ' || i, 'nome_mercado', 'Mercadinho ' || i),
            CASE WHEN i % 7 = 0 THEN NULL ELSE now() END,
            CASE WHEN i % 3 = 0 THEN NULL ELSE now() - make_interval(days => i % 365) END,
            now() - make_interval(mins => i)
       FROM generate_series($1::int, $2::int) i`,
    [from, to],
  );
  await db.query(
    `UPDATE public.users SET plano = CASE WHEN hashtext(email) % 5 = 0 THEN 'premium' ELSE 'free' END
      WHERE email LIKE 'dona%@bench.dev'`,
  );
  await db.exec('ANALYZE public.users; ANALYZE auth.users;');
}

/**
 * `sales` sales (one line each) over the last year, spread over the owners seeded so far, with their products, a paid
 * payment per premium owner, a security log and an administrative one; with the row triggers off
 * (session_replication_role).
 */
async function seedHistory(db: Database, sales: number): Promise<void> {
  const products = Math.max(1, Math.round((sales / 1000) * PRODUCTS_PER_1000_SALES));
  const logs = Math.round((sales / 1000) * LOGS_PER_1000_SALES);
  await db.exec(`
    BEGIN;
    SET LOCAL session_replication_role = replica;
    CREATE TEMP TABLE donos_bench ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY id) AS n, id FROM public.users WHERE email LIKE 'dona%@bench.dev';
    CREATE TEMP TABLE produtos_bench ON COMMIT DROP AS
      SELECT i AS n, gen_random_uuid() AS id, d.id AS user_id
        FROM generate_series(1, ${String(products)}) i
        JOIN donos_bench d ON d.n = 1 + (i % (SELECT count(*) FROM donos_bench));
    INSERT INTO public.produtos (id, user_id, nome, preco, estoque, categoria)
      SELECT id, user_id, 'Produto ' || n, 5 + (n % 40), 100, 'mercearia' FROM produtos_bench;
    INSERT INTO public.vendas (user_id, data, total, tipo, forma_pagamento, itens, hlc, created_at)
      SELECT p.user_id, (now() - make_interval(mins => i % 525600))::date, 5 + (p.n % 40),
             'avista', (ARRAY['dinheiro', 'pix', 'cartao'])[1 + i % 3],
             jsonb_build_array(jsonb_build_object('produto_id', p.id, 'quantidade', 1, 'preco_unitario', 5 + (p.n % 40),
                                                  'preco_total', 5 + (p.n % 40), 'nome_produto', 'Produto ' || p.n)),
             lpad(i::text, 11, '0') || ':00000:bench', now() - make_interval(mins => i % 525600)
        FROM generate_series(1, ${String(sales)}) i
        JOIN produtos_bench p ON p.n = 1 + (i % ${String(products)});
    INSERT INTO public.planos_pagamentos (user_id, status, plano, periodo, valor)
      SELECT id, 'pago', 'premium', 'monthly', 29.9 FROM public.users WHERE plano = 'premium' AND email LIKE 'dona%@bench.dev';
    INSERT INTO public.security_logs (action, ip_address, blocked, created_at)
      SELECT CASE WHEN i % 4 = 0 THEN 'login_failed' ELSE 'login_success' END, '10.0.' || (i % 250) || '.' || (i % 200),
             false, now() - make_interval(secs => i)
        FROM generate_series(1, ${String(logs)}) i;
    INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address, created_at)
      SELECT NULL, (ARRAY['update_user_plan', 'update_user_status', 'send_notification'])[1 + i % 3], 'user', d.id::text,
             jsonb_build_object('plano', 'premium'), '10.1.' || (i % 250) || '.' || (i % 200), now() - make_interval(secs => i)
        FROM generate_series(1, ${String(logs)}) i
        JOIN donos_bench d ON d.n = 1 + (i % (SELECT count(*) FROM donos_bench));
    COMMIT;
    ANALYZE public.produtos; ANALYZE public.vendas; ANALYZE public.planos_pagamentos; ANALYZE public.security_logs; ANALYZE public.admin_logs;
  `);
}

async function createAdmin(stack: RunningStack): Promise<string> {
  const key = stack.serviceRoleKey;
  const response = await fetch(`${stack.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: ADMIN_EMAIL,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { nome: 'Admin Bench', nome_mercado: 'Administração' },
      app_metadata: { role: 'admin' },
    }),
  });
  if (!response.ok) throw new Error(`admin/users: ${String(response.status)} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** The bare server call `rpc` behind a first page, as the admin (median of ROUNDS). */
async function bareCall(stack: RunningStack, adminId: string, rpc: string, body: object): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    sub: adminId,
    aud: 'authenticated',
    role: 'authenticated',
    iat: now,
    exp: now + 600,
    app_metadata: { provider: 'email', role: 'admin' },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(stack.config.jwtSecret));
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const response = await fetch(`${stack.url}/rest/v1/rpc/${rpc}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${rpc}: ${String(response.status)} ${await response.text()}`);
    await response.json();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** What shows that a screen has painted: an element matching `selector` whose text starts with `text` (or, when
 * `alone`, the only such element, with exactly that text). */
interface Shown {
  readonly selector: string;
  readonly text: string;
  readonly alone?: boolean;
  /** Only elements painted after the tap count (a list screen replacing another list's rows). */
  readonly fresh?: boolean;
}

const STALE = 'data-bench-stale';

/** Milliseconds from `act` until `shown` is on the page, checked on every animation frame (no polling gaps). */
async function tapToPaint(page: Page, act: () => Promise<void>, shown: Shown): Promise<number> {
  if (shown.fresh) {
    await page.evaluate(
      ({ selector, stale }) => {
        for (const element of document.querySelectorAll(selector)) element.setAttribute(stale, '');
      },
      { selector: shown.selector, stale: STALE },
    );
  }
  const started = performance.now();
  await act();
  try {
    await page.waitForFunction(
      ({ selector, text, alone, fresh, stale }) => {
        const texts = Array.from(document.querySelectorAll(selector))
          .filter((element) => !fresh || !element.hasAttribute(stale))
          .map((element) => element.textContent.trim());
        return alone ? texts.length === 1 && texts[0] === text : texts.some((found) => found.startsWith(text));
      },
      { ...shown, fresh: shown.fresh ?? false, stale: STALE },
      { polling: 'raf', timeout: 60_000 },
    );
  } catch (error) {
    // Says which screen never painted, and what it showed instead.
    const showing = await page.evaluate(() => document.querySelector('main')?.textContent.slice(0, 300) ?? '');
    throw new Error(`${page.url()}: "${shown.text}" em ${shown.selector} não apareceu; na tela: ${showing}`, { cause: error });
  }
  return performance.now() - started;
}

/** The lists beside the users', each tapped from the menu to its first rows. */
const LISTS = [
  { key: 'products', link: 'Produtos', path: '/admin/products' },
  { key: 'sales', link: 'Vendas', path: '/admin/sales' },
  { key: 'payments', link: 'Pagamentos', path: '/admin/payments' },
  { key: 'logs', link: 'Logs', path: '/admin/logs' },
] as const;
type ListKey = (typeof LISTS)[number]['key'];

interface Figures {
  users: number;
  search: number;
  jump: number | null;
  dashboard: number;
  lists: Record<ListKey, number>;
  rpc: number;
  salesRpc: number;
}

/** One round of every screen figure, from a fresh load of /admin/support (nothing of the others in the cache). */
async function round(page: Page, site: string, index: number): Promise<Omit<Figures, 'rpc' | 'salesRpc'>> {
  await page.goto(`${site}/admin/support`);
  await page.getByRole('heading', { level: 1, name: 'Suporte ao Cliente' }).waitFor();
  const dashboard = await tapToPaint(page, () => page.getByRole('link', { name: 'Dashboard' }).click(), {
    selector: 'main section h2',
    text: 'Total de Usuários',
  });
  const users = await tapToPaint(page, () => page.getByRole('link', { name: 'Usuários' }).click(), {
    selector: 'main li h2',
    text: '',
  });
  // One owner present at every size, another each round (no cached answer), found by e-mail.
  const wanted = 10 + index;
  const search = await tapToPaint(
    page,
    () => page.getByLabel('Buscar por nome, email ou mercado').fill(`dona${String(wanted)}@bench.dev`),
    { selector: 'main li h2', text: `Dona ${String(wanted)}`, alone: true },
  );
  // Back to the whole list (more than one page) before the jump.
  await page.getByLabel('Buscar por nome, email ou mercado').fill('');
  await page.waitForFunction(
    () => /^Página 1 de ([2-9]|\d{2,})/.test(document.querySelector('main nav p')?.textContent ?? ''),
    null,
    {
      polling: 'raf',
    },
  );
  const jumpBox = page.getByLabel('Ir para a página');
  let jump: number | null = null;
  if ((await jumpBox.count()) > 0) {
    const target = String(JUMP_PAGE + (index % 2));
    jump = await tapToPaint(
      page,
      async () => {
        await jumpBox.first().fill(target);
        await jumpBox.first().press('Enter');
      },
      { selector: 'main nav p', text: `Página ${target} de ` },
    );
  }
  const lists = {} as Record<ListKey, number>;
  for (const list of LISTS) {
    lists[list.key] = await tapToPaint(
      page,
      () => page.getByRole('navigation', { name: t.admin.menuLabel }).getByRole('link', { name: list.link, exact: true }).click(),
      { selector: 'main li h2', text: '', fresh: true },
    );
  }
  return { users, search, jump, dashboard, lists };
}

async function measure(page: Page, site: string, stack: RunningStack, adminId: string): Promise<Figures> {
  const rounds: Omit<Figures, 'rpc' | 'salesRpc'>[] = [];
  for (let index = 0; index < ROUNDS; index += 1) rounds.push(await round(page, site, index));
  const jumps = rounds.map((entry) => entry.jump).filter((value): value is number => value !== null);
  return {
    users: median(rounds.map((entry) => entry.users)),
    search: median(rounds.map((entry) => entry.search)),
    jump: jumps.length > 0 ? median(jumps) : null,
    dashboard: median(rounds.map((entry) => entry.dashboard)),
    lists: Object.fromEntries(LISTS.map((list) => [list.key, median(rounds.map((entry) => entry.lists[list.key]))])) as Record<
      ListKey,
      number
    >,
    rpc: await bareCall(stack, adminId, 'admin_users_page', { p_limit: 20, p_offset: 0 }),
    salesRpc: await bareCall(stack, adminId, 'admin_sales_page', { p_limit: 10, p_offset: 0 }),
  };
}

export default async function (): Promise<BenchFigure[]> {
  const serverUrl = benchPostgresUrl();
  const scratch = serverUrl ? await scratchPostgres(serverUrl) : undefined;
  const engine = scratch ? 'Postgres' : 'PGlite';
  const figures: BenchFigure[] = [];
  try {
    await withBrowserApp(
      'admin',
      async ({ stack, site, browser }) => {
        const adminId = await createAdmin(stack);
        const context = await browser.newContext(DESKTOP);
        const page = await context.newPage();
        page.setDefaultTimeout(60_000);
        await page.goto(`${site}/login`);
        await page.getByLabel('Email').fill(ADMIN_EMAIL);
        await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Entrar', exact: true }).click();
        await page.waitForURL(/\/admin$/);

        log(`${String(BASELINE_OWNERS)} donos (${engine})`);
        const baseline = await measure(page, site, stack, adminId);
        let started = performance.now();
        await seedOwners(stack.db, BASELINE_OWNERS + 1, OWNERS);
        log(`${OWNERS.toLocaleString('pt-BR')} donos semeados em ${((performance.now() - started) / 1000).toFixed(1)} s`);
        started = performance.now();
        await seedHistory(stack.db, SALES);
        log(`${SALES.toLocaleString('pt-BR')} vendas semeadas em ${((performance.now() - started) / 1000).toFixed(1)} s`);
        started = performance.now();
        const scaled = await measure(page, site, stack, adminId);
        log(`medido em ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await context.close();

        const label = (what: string) =>
          `[${engine}] ${what} com ${OWNERS.toLocaleString('pt-BR')} donos e ${SALES.toLocaleString('pt-BR')} vendas`;
        const against = (value: number) => ({ name: `${String(BASELINE_OWNERS)} donos`, value });
        figures.push(
          {
            name: label('/admin/users, toque → primeiros usuários pintados'),
            value: scaled.users,
            unit: 'ms',
            baseline: against(baseline.users),
            target: '< 1000 ms',
          },
          {
            name: label('/admin/users, busca digitada → resultado pintado'),
            value: scaled.search,
            unit: 'ms',
            baseline: against(baseline.search),
          },
          ...(scaled.jump !== null && baseline.jump !== null
            ? [
                {
                  name: label(`/admin/users, 'Ir para a página' ${String(JUMP_PAGE)} → página pintada`),
                  value: scaled.jump,
                  unit: 'ms',
                  baseline: against(baseline.jump),
                },
              ]
            : []),
          {
            name: label('/admin, toque → números pintados'),
            value: scaled.dashboard,
            unit: 'ms',
            baseline: against(baseline.dashboard),
          },
          ...LISTS.map((list) => ({
            name: label(`${list.path}, toque → primeiras linhas pintadas`),
            value: scaled.lists[list.key],
            unit: 'ms',
            baseline: against(baseline.lists[list.key]),
            target: '< 1000 ms',
          })),
          { name: label('admin_users_page sozinho (REST)'), value: scaled.rpc, unit: 'ms', baseline: against(baseline.rpc) },
          {
            name: label('admin_sales_page sozinho (REST)'),
            value: scaled.salesRpc,
            unit: 'ms',
            baseline: against(baseline.salesRpc),
          },
        );
      },
      {
        databaseUrl: scratch?.url,
        async prepare(db) {
          await seedOwners(db, 1, BASELINE_OWNERS);
          // The baseline's history keeps the scaled run's proportion of sales per owner.
          await seedHistory(db, Math.round((SALES * BASELINE_OWNERS) / OWNERS));
        },
      },
    );
  } finally {
    await scratch?.drop();
  }
  return figures;
}
