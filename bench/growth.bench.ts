// `npm run bench -- growth`: what a shop's history costs a device (docs/growth.md §1 and §10). Owners of 1,000,
// 10,000, 100,000 and 200,000 sales over a year (1,000 products, 300 clients; GROWTH_SIZES=1000,10000 for a
// quicker run) are seeded with the growth seeder on Postgres (BENCH_DATABASE_URL or TEST_DATABASE_URL; PGlite
// without one), then, in Chromium, each one's new device, warm starts, a sale, the year's report and a sale seen on
// a second device are measured, each figure with its goal and against the smallest owner of the run. A figure that
// takes more than GROWTH_CAP_S seconds (600) is reported as "> cap"; what needed it is not measured.
import { randomUUID } from 'node:crypto';
import type { DemoAccount } from '../supabase/seed/accounts.ts';
import { seedGrowthOwner, type GrowthShape } from '../supabase/seed/growth.ts';
import { percentile, withBrowserApp } from './browser-app.ts';
import { benchPostgresUrl, scratchPostgres } from './engines.ts';
import type { BenchFigure } from './figures.ts';
import { newDevice, saleAtoB, saleToToast, warmDashboard, warmSales, yearReport, type DeviceSetup } from './growth-device.ts';
import { ownerExpectations } from './growth-expectations.ts';

const DEFAULT_SIZES = [1_000, 10_000, 100_000, 200_000];
const PASSWORD = 'Senha@123';
const SALE_ROUNDS = 20;
const REPORT_ROUNDS = 5;
const REMOTE_ROUNDS = 5;
const MB = 1024 * 1024;

/** One figure of one owner: a value, null when given up at the cap, absent when not measured. */
type Measured = number | null;

interface OwnerRun {
  sales: number;
  seedSeconds: number;
  figures: Map<string, Measured>;
}

interface FigureSpec {
  key: string;
  name: (sales: string) => string;
  unit: string;
  /** From what was measured (ms or bytes) to the unit shown. */
  scale: number;
  target?: string;
}

const FIGURES: readonly FigureSpec[] = [
  {
    key: 'ready',
    name: (n) => `novo aparelho, 'Entrar' → vendendo com o estoque exato do servidor (${n})`,
    unit: 's',
    scale: 1000,
    target: '≤ 10 s',
  },
  {
    key: 'whole',
    name: (n) => `novo aparelho, 'Entrar' → a janela inteira (90 dias) no aparelho (${n})`,
    unit: 's',
    scale: 1000,
    target: '≤ 30 s',
  },
  {
    key: 'pulled',
    name: (n) => `novo aparelho, bytes recebidos do servidor até ter o histórico, como trafegaram (${n})`,
    unit: 'MB',
    scale: MB,
    target: '≤ 15 MB',
  },
  {
    key: 'pulledJson',
    name: (n) => `novo aparelho, o mesmo em JSON descompactado (${n})`,
    unit: 'MB',
    scale: MB,
  },
  { key: 'indexedDb', name: (n) => `IndexedDB depois de sincronizar (${n})`, unit: 'MB', scale: MB, target: '≤ 60 MB' },
  {
    key: 'heap',
    name: (n) => `heap do worker de dados, pico durante a sincronização (${n})`,
    unit: 'MB',
    scale: MB,
    target: '≤ 80 MB',
  },
  {
    key: 'dashboard',
    name: (n) => `partida a quente, recarregar → números do painel na tela (${n}), p50`,
    unit: 's',
    scale: 1000,
    target: '≤ 1,5 s, razão ≤ 1,5×',
  },
  {
    key: 'sales',
    name: (n) => `partida a quente, recarregar → /sales com o estoque exato (${n}), p50`,
    unit: 's',
    scale: 1000,
    target: '≤ 1 s, razão ≤ 1,5×',
  },
  {
    key: 'saleP50',
    name: (n) => `'Finalizar Venda' → aviso 'Venda concluída' (${n}, ${SALE_ROUNDS} vendas), p50`,
    unit: 'ms',
    scale: 1,
  },
  {
    key: 'saleP95',
    name: (n) => `'Finalizar Venda' → aviso 'Venda concluída' (${n}, ${SALE_ROUNDS} vendas), p95`,
    unit: 'ms',
    scale: 1,
    target: '≤ 150 ms, razão ≤ 1,3×',
  },
  {
    key: 'report',
    name: (n) => `/reports do histórico inteiro (um ano), volta ao relatório → primeiro gráfico (${n}), p50`,
    unit: 's',
    scale: 1000,
    target: '≤ 1 s',
  },
  {
    key: 'remote',
    name: (n) => `venda no aparelho A → estoque novo na tela do aparelho B (${n}), p50`,
    unit: 's',
    scale: 1000,
    target: '≤ 1 s',
  },
];

function sizesFrom(env: NodeJS.ProcessEnv): number[] {
  const listed = (env.GROWTH_SIZES ?? '')
    .split(',')
    .map((size) => Number(size.trim()))
    .filter((size) => Number.isInteger(size) && size > 0);
  return [...new Set(listed.length > 0 ? listed : DEFAULT_SIZES)].sort((a, b) => a - b);
}

const salesLabel = (sales: number) => `${sales.toLocaleString('pt-BR')} vendas`;

/** The median of what was measured; null (given up) when any sample was. */
function median(samples: readonly Measured[]): Measured {
  if (samples.length === 0 || samples.some((sample) => sample === null)) return null;
  return percentile(samples as number[], 50);
}

function ownerAccount(sales: number): DemoAccount {
  return {
    id: randomUUID(),
    email: `crescimento-${sales}@caderneta.bench`,
    password: PASSWORD,
    nome: `Dono com ${sales} vendas`,
    nome_mercado: `Mercado ${sales}`,
    telefone: '81988887777',
    role: 'owner',
  };
}

function log(line: string): void {
  console.info(`  · ${line}`);
}

export default async function growthBench(): Promise<BenchFigure[]> {
  const sizes = sizesFrom(process.env);
  const capMs = Number(process.env.GROWTH_CAP_S ?? 600) * 1000;
  const repeats = Number(process.env.GROWTH_REPEATS ?? 3);
  const serverUrl = benchPostgresUrl();
  const scratch = serverUrl ? await scratchPostgres(serverUrl) : undefined;
  const engine = scratch ? 'Postgres' : 'PGlite';
  const owners = sizes.map((sales) => ({ sales, account: ownerAccount(sales) }));
  const runs: OwnerRun[] = [];
  try {
    await withBrowserApp(
      'growth',
      async ({ stack, site, browser }) => {
        for (const { sales, account } of owners) {
          const run = runs.find((candidate) => candidate.sales === sales);
          if (!run) continue;
          const setup: DeviceSetup = { browser, site, stackUrl: stack.url, email: account.email, password: PASSWORD, capMs };
          const expect = ownerExpectations(stack.db, account.id);
          const label = salesLabel(sales);
          log(`${label}: novo aparelho`);
          const device = await newDevice(setup, expect);
          const { figures } = device;
          run.figures.set('ready', figures.readyMs);
          run.figures.set('whole', figures.wholeMs);
          // Sizes are read once the history is on the device, or not at all.
          if (figures.pulledBytes !== null) run.figures.set('pulled', figures.pulledBytes);
          if (figures.pulledJsonBytes !== null) run.figures.set('pulledJson', figures.pulledJsonBytes);
          if (figures.indexedDbBytes !== null) run.figures.set('indexedDb', figures.indexedDbBytes);
          if (figures.heapPeakBytes !== null) run.figures.set('heap', figures.heapPeakBytes);
          // Each figure is also logged as soon as it is measured: a run cut short keeps what it had.
          const logMeasured = (keys: readonly string[]) => {
            for (const spec of FIGURES.filter((candidate) => keys.includes(candidate.key))) {
              const measured = run.figures.get(spec.key);
              if (measured === undefined) continue;
              const shown = measured === null ? `> ${(capMs / spec.scale).toFixed(0)}` : (measured / spec.scale).toFixed(2);
              log(`${spec.name(label)}: ${shown} ${spec.unit}`);
            }
          };
          logMeasured(['ready', 'whole', 'pulled', 'pulledJson', 'indexedDb', 'heap']);
          // A phase that fails (not one that is slow) is logged and left unmeasured; the others still run.
          const phase = async (name: string, keys: readonly string[], work: () => Promise<void>) => {
            log(`${label}: ${name}`);
            await work().then(
              () => {
                logMeasured(keys);
              },
              (error: unknown) => {
                log(
                  `${label}: ${name} falhou, não medido: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
                );
              },
            );
          };
          try {
            if (figures.wholeMs === null) {
              log(`${label}: o histórico não chegou ao aparelho em ${capMs / 1000} s; o resto não é medido`);
              continue;
            }
            await phase('partidas a quente', ['dashboard', 'sales'], async () => {
              run.figures.set('dashboard', median(await warmDashboard(device.page, setup, expect, repeats)));
              run.figures.set('sales', median(await warmSales(device.page, setup, expect, repeats)));
            });
            const product = await expect.saleProduct();
            await phase('vendas', ['saleP50', 'saleP95'], async () => {
              const sold = await saleToToast(device.page, setup, product, SALE_ROUNDS);
              const finished = sold.every((sample) => sample !== null);
              run.figures.set('saleP50', finished ? percentile(sold, 50) : null);
              run.figures.set('saleP95', finished ? percentile(sold, 95) : null);
            });
            await phase('relatório de um ano', ['report'], async () => {
              run.figures.set('report', median(await yearReport(device.page, setup, expect, REPORT_ROUNDS)));
            });
            await phase('aparelho A → aparelho B', ['remote'], async () => {
              run.figures.set('remote', median(await saleAtoB(device.page, setup, expect, product, REMOTE_ROUNDS)));
            });
          } finally {
            await device.context.close();
          }
        }
      },
      {
        databaseUrl: scratch?.url,
        async prepare(db) {
          for (const { sales, account } of owners) {
            const shape: GrowthShape = { sales, days: 365, products: 1_000, clients: 300 };
            const started = performance.now();
            await seedGrowthOwner(db, account, shape, { now: new Date() });
            const seedSeconds = (performance.now() - started) / 1000;
            log(`${salesLabel(sales)} semeadas em ${seedSeconds.toFixed(1)} s (${engine})`);
            runs.push({ sales, seedSeconds, figures: new Map() });
          }
        },
      },
    );
  } finally {
    await scratch?.drop();
  }

  const base = runs[0];
  const figures: BenchFigure[] = runs.map((run) => ({
    name: `semeadura no ${engine}: ${salesLabel(run.sales)} em 365 dias (1.000 produtos, 300 clientes)`,
    value: run.seedSeconds,
    unit: 's',
  }));
  for (const spec of FIGURES) {
    for (const run of runs) {
      const measured = run.figures.get(spec.key);
      if (measured === undefined) continue;
      const baseline = base && base !== run ? base.figures.get(spec.key) : undefined;
      figures.push({
        name: spec.name(salesLabel(run.sales)),
        // Only durations are given up: the cap, in the figure's unit.
        value: (measured ?? capMs) / spec.scale,
        unit: spec.unit,
        ...(measured === null ? { atLeast: true } : {}),
        ...(typeof baseline === 'number'
          ? { baseline: { name: salesLabel(base?.sales ?? 0), value: baseline / spec.scale } }
          : {}),
        ...(spec.target ? { target: spec.target } : {}),
      });
    }
  }
  return figures;
}
