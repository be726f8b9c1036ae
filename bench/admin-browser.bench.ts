// The admin's screens in Chromium at scale: the built app signed in as the admin, with 100 owners and then with
// 10,000 (ADMIN_BENCH_OWNERS) in the same run, each figure against the 100-owner one. Measured from the tap: the
// 'Usuários' link → the first user card painted, a search typed → its result painted, 'Ir para a página' → that page
// painted, the 'Dashboard' link → its figures painted; and the bare admin_users_page call in the same run. Owners are
// seeded in SQL (generate_series) on Postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, else PGlite.
import { SignJWT } from 'jose';
import type { Page } from '@playwright/test';
import type { Database } from '../supabase/local/db/database.ts';
import type { RunningStack } from '../supabase/local/stack.ts';
import { withBrowserApp } from './browser-app.ts';
import { benchPostgresUrl, scratchPostgres } from './engines.ts';
import type { BenchFigure } from './figures.ts';

const BASELINE_OWNERS = 100;
const OWNERS = Number(process.env.ADMIN_BENCH_OWNERS ?? 10_000);
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

/** The bare server call behind the first page, as the admin (median of ROUNDS). */
async function bareCall(stack: RunningStack, adminId: string): Promise<number> {
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
    const response = await fetch(`${stack.url}/rest/v1/rpc/admin_users_page`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_limit: 20, p_offset: 0 }),
    });
    if (!response.ok) throw new Error(`admin_users_page: ${String(response.status)} ${await response.text()}`);
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
}

/** Milliseconds from `act` until `shown` is on the page, checked on every animation frame (no polling gaps). */
async function tapToPaint(page: Page, act: () => Promise<void>, shown: Shown): Promise<number> {
  const started = performance.now();
  await act();
  await page.waitForFunction(
    ({ selector, text, alone }) => {
      const texts = Array.from(document.querySelectorAll(selector)).map((element) => element.textContent.trim());
      return alone ? texts.length === 1 && texts[0] === text : texts.some((found) => found.startsWith(text));
    },
    shown,
    { polling: 'raf', timeout: 60_000 },
  );
  return performance.now() - started;
}

interface Figures {
  users: number;
  search: number;
  jump: number | null;
  dashboard: number;
  rpc: number;
}

/** One round of every screen figure, from a fresh load of /admin/support (nothing of the others in the cache). */
async function round(page: Page, site: string, index: number): Promise<Omit<Figures, 'rpc'>> {
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
  return { users, search, jump, dashboard };
}

async function measure(page: Page, site: string, stack: RunningStack, adminId: string): Promise<Figures> {
  const rounds: Omit<Figures, 'rpc'>[] = [];
  for (let index = 0; index < ROUNDS; index += 1) rounds.push(await round(page, site, index));
  const jumps = rounds.map((entry) => entry.jump).filter((value): value is number => value !== null);
  return {
    users: median(rounds.map((entry) => entry.users)),
    search: median(rounds.map((entry) => entry.search)),
    jump: jumps.length > 0 ? median(jumps) : null,
    dashboard: median(rounds.map((entry) => entry.dashboard)),
    rpc: await bareCall(stack, adminId),
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
        const scaled = await measure(page, site, stack, adminId);
        log(`medido em ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await context.close();

        const label = (what: string) => `[${engine}] ${what} com ${OWNERS.toLocaleString('pt-BR')} donos`;
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
          { name: label('admin_users_page sozinho (REST)'), value: scaled.rpc, unit: 'ms', baseline: against(baseline.rpc) },
        );
      },
      {
        databaseUrl: scratch?.url,
        async prepare(db) {
          await seedOwners(db, 1, BASELINE_OWNERS);
        },
      },
    );
  } finally {
    await scratch?.drop();
  }
  return figures;
}
