// Storage throughput through the stack against the same work done directly: uploads (bytes to disk plus the
// storage.objects row) and image transforms (sharp on the same bytes).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Database } from '../supabase/local/db/database.ts';
import { startStack } from '../supabase/local/stack.ts';
import { benchEngines } from './engines.ts';
import type { BenchFigure } from './figures.ts';
import { loadFromThread } from './http-load.ts';

const UPLOADS = 300;
const UPLOAD_BYTES = 64 * 1024;
const RENDERS = 100;
const CONCURRENCY = 8;

async function timed(total: number, concurrency: number, task: (index: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return performance.now() - started;
}

async function measure(url: string, key: string, db: Database, scratch: string): Promise<BenchFigure[]> {
  await db.query(`INSERT INTO storage.buckets (id, name, public) VALUES ('bench', 'bench', true)`);
  const payload = new Uint8Array(UPLOAD_BYTES).map((_, index) => (index * 31) % 251);
  const headers = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream', 'cache-control': 'max-age=3600' };

  const stackMs = await loadFromThread({ url: `${url}/storage/v1/object/bench/upload/{i}.bin`, method: 'POST', headers, body: payload, total: UPLOADS, concurrency: CONCURRENCY, warmup: 20 });
  const directMs = await timed(UPLOADS, CONCURRENCY, async (index) => {
    const version = randomUUID();
    await writeFile(join(scratch, version), payload);
    await db.query(
      `INSERT INTO storage.objects (bucket_id, name, owner, version, metadata) VALUES ('bench', $1, NULL, $2, $3::jsonb)`,
      [`direto/${index}.bin`, version, JSON.stringify({ size: UPLOAD_BYTES, mimetype: 'application/octet-stream', cacheControl: 'max-age=3600' })],
    );
  });

  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#d2691e' } }).jpeg({ quality: 85 }).toBuffer();
  const upload = await fetch(`${url}/storage/v1/object/bench/foto.jpg`, { method: 'POST', headers: { ...headers, 'content-type': 'image/jpeg' }, body: new Uint8Array(photo) });
  if (!upload.ok) throw new Error(`upload da foto respondeu ${upload.status}`);
  const renderMs = await loadFromThread({
    url: `${url}/storage/v1/render/image/public/bench/foto.jpg?width=200&height=200&resize=cover&quality=70&n={i}`,
    total: RENDERS,
    concurrency: 4,
    warmup: 5,
  });
  const sharpMs = await timed(RENDERS, 4, async () => {
    await sharp(photo).rotate().resize({ width: 200, height: 200, fit: 'cover' }).jpeg({ quality: 70 }).toBuffer();
  });

  const perSecond = (count: number, ms: number) => (count / ms) * 1000;
  return [
    {
      name: `Storage upload de ${UPLOAD_BYTES / 1024} KiB (${UPLOADS} arquivos, ${CONCURRENCY} em paralelo)`,
      value: perSecond(UPLOADS, stackMs),
      unit: 'arquivos/s',
      baseline: { name: 'mesmos bytes em disco + linha em storage.objects direto', value: perSecond(UPLOADS, directMs) },
    },
    {
      name: `Storage render 1200×900 → 200×200 cover (${RENDERS} requisições)`,
      value: perSecond(RENDERS, renderMs),
      unit: 'imagens/s',
      baseline: { name: 'sharp direto nos mesmos bytes', value: perSecond(RENDERS, sharpMs) },
    },
  ];
}

export default async function (): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const engine of benchEngines()) {
    const { db, close } = await engine.open();
    const scratch = await mkdtemp(join(tmpdir(), 'caderneta-bench-storage-'));
    const stack = await startStack({ port: 0, dataDir: scratch }, { db });
    try {
      const measured = await measure(stack.url, stack.serviceRoleKey, db, scratch);
      figures.push(...measured.map((figure) => ({ ...figure, name: `[${engine.label}] ${figure.name}` })));
    } finally {
      await stack.close();
      await close();
      await rm(scratch, { recursive: true, force: true });
    }
  }
  return figures;
}
