// /admin/users' first page with 10,000 owners on the local stack, as the admin screen asks it (the admin domain's
// usersPage through supabase-js and the REST gateway), against the old way of loading every user at once
// (get_admin_users_with_confirmed) in the same run. Target: the first page under 500 ms.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { createAdminDomain } from '../workers/admin/handlers.ts';
import { createManualConnectivity } from '../workers/system/connectivity.ts';
import { startStack } from '../supabase/local/stack.ts';
import { benchEngines } from './engines.ts';
import type { BenchFigure } from './figures.ts';

const OWNERS = 10_000;
const RUNS = 15;
const TARGET_MS = 500;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function medianOf(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) times.push(await timed(work));
  return median(times);
}

export default async function (): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const engine of benchEngines()) {
    const { db, close } = await engine.open();
    const stack = await startStack({ port: 0, dataDir: undefined }, { db });
    try {
      // 10,000 sign-ups (the sign-up trigger makes each profile), some premium, suspended, unconfirmed or idle.
      await db.query(
        `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at, last_sign_in_at, created_at)
         SELECT gen_random_uuid(), 'dona' || i || '@bench.dev',
                jsonb_build_object('nome', 'Dona ' || i, 'nome_mercado', 'Mercadinho ' || i),
                CASE WHEN i % 7 = 0 THEN NULL ELSE now() END,
                CASE WHEN i % 3 = 0 THEN NULL ELSE now() - make_interval(days => i % 365) END,
                now() - make_interval(mins => i)
           FROM generate_series(1, $1::int) i`,
        [OWNERS],
      );
      await db.query(
        `UPDATE public.users SET plano = CASE WHEN random() < 0.2 THEN 'premium' ELSE 'free' END,
                status_pagamento = CASE WHEN random() < 0.05 THEN 'suspenso' ELSE 'ativo' END,
                data_inicio_plano = now() - make_interval(mins => (random() * 500000)::int)`,
      );
      await db.exec('ANALYZE public.users; ANALYZE auth.users;');
      const adminId = randomUUID();
      await db.query(
        `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, 'admin@bench.dev', '{}', now())`,
        [adminId],
      );
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({
        sub: adminId,
        aud: 'authenticated',
        role: 'authenticated',
        iat: now,
        exp: now + 3600,
        app_metadata: { provider: 'email', role: 'admin' },
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(stack.config.jwtSecret));
      const client = createClient(stack.url, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
        realtime: { transport: WebSocket as unknown as never },
      });
      const admin = createAdminDomain({ client: () => client, connectivity: createManualConnectivity(true) }).handlers;

      const cold = await timed(() => admin.usersPage({}));
      const firstPage = await medianOf(() => admin.usersPage({}));
      const filtered = await medianOf(() =>
        admin.usersPage({ search: 'mercadinho 99', plan: 'premium', inactiveDays: 30, page: 2 }),
      );
      const lastPage = await medianOf(() => admin.usersPage({ page: OWNERS / 10, sort: 'plan_asc' }));
      const everyone = await medianOf(async () => {
        const answer = await client.rpc('get_admin_users_with_confirmed');
        const rows: unknown = answer.data;
        const error = answer.error;
        if (error || !Array.isArray(rows) || rows.length < OWNERS)
          throw new Error(`lista completa: ${error?.message ?? 'incompleta'}`);
      });
      const label = `[${engine.label}] /admin/users com ${OWNERS.toLocaleString('pt-BR')} donos`;
      const baseline = { name: 'todos os usuários de uma vez (get_admin_users_with_confirmed)', value: everyone };
      figures.push(
        { name: `${label}: primeira página, 1ª chamada`, value: cold, unit: 'ms', target: `< ${String(TARGET_MS)} ms` },
        {
          name: `${label}: primeira página (mediana de ${String(RUNS)})`,
          value: firstPage,
          unit: 'ms',
          baseline,
          target: `< ${String(TARGET_MS)} ms`,
        },
        { name: `${label}: busca + plano + inatividade, página 2`, value: filtered, unit: 'ms', baseline },
        { name: `${label}: última página, mais antigos primeiro`, value: lastPage, unit: 'ms', baseline },
      );
      if (cold >= TARGET_MS || firstPage >= TARGET_MS) {
        throw new Error(`primeira página em ${cold.toFixed(0)} / ${firstPage.toFixed(0)} ms (meta < ${String(TARGET_MS)} ms)`);
      }
    } finally {
      await stack.close();
      await close();
    }
  }
  return figures;
}
