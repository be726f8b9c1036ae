// Realtime delivery: changes reaching one owner while other owners' sockets (the app's channel, one `user_id`
// binding per replicated table) and pattern subscriptions are open, against the same inserts with nobody listening.
import { randomUUID } from 'node:crypto';
import { createClient, REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import type { Database } from '../supabase/local/db/database.ts';
import { startStack, type RunningStack } from '../supabase/local/stack.ts';
import { benchEngines } from './engines.ts';
import type { BenchFigure } from './figures.ts';

const OWNERS = 20;
const PATTERN_SUBSCRIBERS = 5;
const BATCHES = 20;
const ROWS_PER_BATCH = 50;
const TABLES = [
  'produtos',
  'clientes',
  'fiado_lancamentos',
  'vendas',
  'historico_estoque',
  'despesa_categorias',
  'despesas',
  'fornecedores',
  'notificacoes',
];

async function createOwner(db: Database): Promise<string> {
  const id = randomUUID();
  await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, now())`, [
    id,
    `${id.slice(0, 8)}@bench.dev`,
    JSON.stringify({ nome: 'Dona Bench', nome_mercado: 'Mercadinho Bench' }),
  ]);
  return id;
}

async function token(stack: RunningStack, sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(stack.config.jwtSecret));
}

/** One socket per subscriber, as each device has; resolves once the channel is joined. */
async function subscribe(
  stack: RunningStack,
  sub: string,
  bindings: { table: string; filter: string }[],
  onEvent: () => void,
): Promise<SupabaseClient> {
  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as never },
  });
  await client.realtime.setAuth(await token(stack, sub));
  let channel = client.channel(`bench-${sub}-${bindings.length}`);
  for (const { table, filter } of bindings)
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table, filter }, onEvent);
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
      else if (status !== REALTIME_SUBSCRIBE_STATES.CLOSED) reject(new Error(status));
    });
  });
  return client;
}

async function insertBatches(db: Database, owner: string, label: string): Promise<number> {
  const started = performance.now();
  for (let batch = 0; batch < BATCHES; batch++) {
    await db.query(
      `INSERT INTO public.notificacoes (user_id, tipo, mensagem)
       SELECT $1, 'aviso', $2 || ' estoque baixo ' || g FROM generate_series(1, $3::int) g`,
      [owner, `${label} ${batch}`, ROWS_PER_BATCH],
    );
  }
  return performance.now() - started;
}

async function measure(stack: RunningStack, db: Database): Promise<BenchFigure[]> {
  const total = BATCHES * ROWS_PER_BATCH;
  const owners = await Promise.all(Array.from({ length: OWNERS }, () => createOwner(db)));
  const target = owners[0] ?? '';
  // Warm-up with nobody listening, then the same inserts as the baseline.
  await insertBatches(db, target, 'aquecimento');
  const quietMs = await insertBatches(db, target, 'sem ouvintes');

  const clients: SupabaseClient[] = [];
  let delivered = 0;
  try {
    for (const [index, owner] of owners.entries()) {
      const onEvent = index === 0 ? () => (delivered += 1) : () => undefined;
      clients.push(
        await subscribe(
          stack,
          owner,
          TABLES.map((table) => ({ table, filter: `user_id=eq.${owner}` })),
          onEvent,
        ),
      );
    }
    for (const owner of owners.slice(0, PATTERN_SUBSCRIBERS)) {
      clients.push(
        await subscribe(stack, owner, [{ table: 'notificacoes', filter: 'mensagem=ilike.%ESTOQUE BAIXO 1%' }], () => undefined),
      );
    }
    const started = performance.now();
    await insertBatches(db, target, 'com ouvintes');
    const deadline = Date.now() + 120_000;
    while (delivered < total) {
      if (Date.now() > deadline) throw new Error(`Realtime entregou ${delivered} de ${total} alterações`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const deliveredMs = performance.now() - started;
    return [
      {
        name: `Realtime: ${total} inserções entregues a 1 de ${OWNERS} donos inscritos (+${PATTERN_SUBSCRIBERS} filtros ilike)`,
        value: (total / deliveredMs) * 1000,
        unit: 'alterações/s',
        baseline: { name: 'mesmas inserções sem ninguém inscrito', value: (total / quietMs) * 1000 },
      },
    ];
  } finally {
    for (const client of clients) await client.removeAllChannels();
  }
}

export default async function (): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const engine of benchEngines()) {
    const { db, close } = await engine.open();
    const stack = await startStack({ port: 0, dataDir: undefined }, { db });
    try {
      const measured = await measure(stack, db);
      figures.push(...measured.map((figure) => ({ ...figure, name: `[${engine.label}] ${figure.name}` })));
    } finally {
      await stack.close();
      await close();
    }
  }
  return figures;
}
