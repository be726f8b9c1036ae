// Storage through the official supabase-js, unchanged: upload (raw and multipart, upsert, cache-control),
// download, list, move, copy, remove, public and signed URLs, image transforms checked with sharp, and row-level
// security on storage.objects (owners write only under their own folder; others cannot read a private bucket).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

// Fixture buckets with the same rule as product-images: an owner reads and writes only under `{userId}/`.
const FIXTURE = `
INSERT INTO storage.buckets (id, name, public) VALUES ('fx-publico', 'fx-publico', true), ('fx-privado', 'fx-privado', false);
CREATE POLICY fx_le_proprio ON storage.objects FOR SELECT TO authenticated
  USING (bucket_id IN ('fx-publico', 'fx-privado') AND (storage.foldername(name))[1] = auth.uid()::text);
CREATE POLICY fx_grava_proprio ON storage.objects FOR INSERT TO authenticated
  WITH CHECK (bucket_id IN ('fx-publico', 'fx-privado') AND (storage.foldername(name))[1] = auth.uid()::text);
CREATE POLICY fx_altera_proprio ON storage.objects FOR UPDATE TO authenticated
  USING (bucket_id IN ('fx-publico', 'fx-privado') AND (storage.foldername(name))[1] = auth.uid()::text)
  WITH CHECK (bucket_id IN ('fx-publico', 'fx-privado') AND (storage.foldername(name))[1] = auth.uid()::text);
CREATE POLICY fx_apaga_proprio ON storage.objects FOR DELETE TO authenticated
  USING (bucket_id IN ('fx-publico', 'fx-privado') AND (storage.foldername(name))[1] = auth.uid()::text);
`;

let stack: TestStack;
let ownerA: SupabaseClient;
let ownerB: SupabaseClient;
let anon: SupabaseClient;
const idA = randomUUID();
const idB = randomUUID();

/** A PNG of random pixels, so that quality settings change the encoded size. */
async function png(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919 + (index >> 5) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function dimensions(data: ArrayBuffer | Blob): Promise<{ width?: number; height?: number; format?: string }> {
  const bytes = data instanceof Blob ? await data.arrayBuffer() : data;
  const { width, height, format } = await sharp(Buffer.from(bytes)).metadata();
  return { width, height, format };
}

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.exec(FIXTURE);
  stack = await startTestStack({ db });
  ownerA = stack.client(await stack.mintUserToken(idA));
  ownerB = stack.client(await stack.mintUserToken(idB));
  anon = stack.client();
});

afterAll(async () => {
  const db = stack.db;
  await stack.close();
  await db.close();
});

describe('upload and download', () => {
  it('stores a raw body with its content type and cache-control, and reads it back', async () => {
    const path = `${idA}/notas/recibo.txt`;
    const upload = await ownerA.storage.from('fx-privado').upload(path, Buffer.from('olá, caderneta'), {
      contentType: 'text/plain; charset=utf-8',
      cacheControl: '60',
    });
    expect(upload.error).toBeNull();
    expect(upload.data).toMatchObject({ path, fullPath: `fx-privado/${path}` });
    expect(upload.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const download = await ownerA.storage.from('fx-privado').download(path);
    expect(download.error).toBeNull();
    expect(await download.data?.text()).toBe('olá, caderneta');

    const response = await fetch(`${stack.url}/storage/v1/object/fx-privado/${path}`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${await stack.mintUserToken(idA)}` },
    });
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('takes a Blob as multipart and serves it at the public URL without any key', async () => {
    const path = `${idA}/foto produto é.png`;
    const image = await png(40, 30);
    const { error } = await ownerA.storage
      .from('fx-publico')
      .upload(path, new Blob([new Uint8Array(image)], { type: 'image/png' }));
    expect(error).toBeNull();
    const { data } = ownerA.storage.from('fx-publico').getPublicUrl(path);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(image)).toBe(true);
  });

  it('refuses a duplicate unless upsert, and upsert replaces the bytes', async () => {
    const path = `${idA}/dup.txt`;
    const bucket = ownerA.storage.from('fx-privado');
    expect((await bucket.upload(path, Buffer.from('primeiro'))).error).toBeNull();
    const again = await bucket.upload(path, Buffer.from('segundo'));
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((await bucket.upload(path, Buffer.from('terceiro'), { upsert: true })).error).toBeNull();
    expect(await (await bucket.download(path)).data?.text()).toBe('terceiro');
    expect((await bucket.update(path, Buffer.from('quarto'))).error).toBeNull();
    expect(await (await bucket.download(path)).data?.text()).toBe('quarto');
  });

  it('answers exists (HEAD) and info for objects the caller may see', async () => {
    const path = `${idA}/info.txt`;
    const bucket = ownerA.storage.from('fx-privado');
    expect(
      (await bucket.upload(path, Buffer.from('12345'), { contentType: 'text/plain', metadata: { origem: 'teste' } })).error,
    ).toBeNull();
    expect((await bucket.exists(path)).data).toBe(true);
    expect((await bucket.exists(`${idA}/nao-existe.txt`)).data).toBe(false);
    expect((await ownerB.storage.from('fx-privado').exists(path)).data).toBe(false);
    const info = await bucket.info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: path,
      bucketId: 'fx-privado',
      size: 5,
      contentType: 'text/plain',
      metadata: { origem: 'teste' },
    });
  });

  it('answers Storage-shaped errors for a missing object and an unknown bucket', async () => {
    const missing = await ownerA.storage.from('fx-privado').download(`${idA}/nao-existe.txt`);
    expect(missing.error).not.toBeNull();
    const raw = await fetch(`${stack.url}/storage/v1/object/fx-privado/${idA}/nao-existe.txt`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${await stack.mintUserToken(idA)}` },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
    const unknown = await ownerA.storage.from('nao-existe').upload(`${idA}/x.txt`, Buffer.from('x'));
    expect(unknown.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('refuses names that climb out of their folder or carry control characters', async () => {
    const token = await stack.mintUserToken(idA);
    for (const name of [`${idA}%2F..%2F${idB}%2Fx.txt`, `${idA}/a%00b.txt`, `${idA}/%2E%2E`]) {
      const response = await fetch(`${stack.url}/storage/v1/object/fx-privado/${name}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    const { rows } = await stack.db.query('SELECT name FROM storage.objects WHERE name LIKE $1', [`%${idB}%`]);
    expect(rows).toEqual([]);
  });
});

describe('list, move, copy and remove', () => {
  const bucket = () => ownerA.storage.from('fx-privado');
  const base = () => `${idA}/lista`;

  beforeAll(async () => {
    for (const name of ['banana.txt', 'abacate.txt', 'caju.txt', 'sub/dentro.txt', 'outra/x.txt']) {
      const { error } = await bucket().upload(`${base()}/${name}`, Buffer.from(name));
      expect(error).toBeNull();
    }
  });

  it('lists one level, folders first, with sort, limit, offset and search', async () => {
    const all = await bucket().list(base());
    expect(all.error).toBeNull();
    expect(all.data?.map((entry) => entry.name)).toEqual(['outra', 'sub', 'abacate.txt', 'banana.txt', 'caju.txt']);
    expect(all.data?.[0]?.id).toBeNull();
    expect(all.data?.[2]?.metadata).toMatchObject({ size: 11, mimetype: 'text/plain; charset=UTF-8' });

    const desc = await bucket().list(base(), { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data?.map((entry) => entry.name)).toEqual(['sub', 'outra', 'caju.txt', 'banana.txt', 'abacate.txt']);
    const page = await bucket().list(base(), { limit: 2, offset: 2 });
    expect(page.data?.map((entry) => entry.name)).toEqual(['abacate.txt', 'banana.txt']);
    const search = await bucket().list(base(), { search: 'BAN' });
    expect(search.data?.map((entry) => entry.name)).toEqual(['banana.txt']);
    const root = await bucket().list();
    expect(root.data?.map((entry) => entry.name)).toEqual([idA]);
  });

  it('moves and copies within the owner folder', async () => {
    expect((await bucket().move(`${base()}/caju.txt`, `${base()}/sub/caju.txt`)).error).toBeNull();
    expect((await bucket().download(`${base()}/caju.txt`)).error).not.toBeNull();
    expect(await (await bucket().download(`${base()}/sub/caju.txt`)).data?.text()).toBe('caju.txt');
    const copied = await bucket().copy(`${base()}/banana.txt`, `${base()}/banana-2.txt`);
    expect(copied.error).toBeNull();
    expect(copied.data?.path).toBe(`fx-privado/${base()}/banana-2.txt`);
    expect(await (await bucket().download(`${base()}/banana-2.txt`)).data?.text()).toBe('banana.txt');
  });

  it('removes in bulk and answers with the removed rows', async () => {
    const removed = await bucket().remove([`${base()}/banana.txt`, `${base()}/banana-2.txt`, `${base()}/nao-existe.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((row) => row.name).sort()).toEqual([`${base()}/banana-2.txt`, `${base()}/banana.txt`]);
    expect((await bucket().download(`${base()}/banana.txt`)).error).not.toBeNull();
  });
});

describe('image transforms', () => {
  beforeAll(async () => {
    const image = await png(400, 300);
    expect(
      (await ownerA.storage.from('fx-publico').upload(`${idA}/grande.png`, image, { contentType: 'image/png' })).error,
    ).toBeNull();
    expect(
      (await ownerA.storage.from('fx-privado').upload(`${idA}/grande.png`, image, { contentType: 'image/png' })).error,
    ).toBeNull();
  });

  it('resizes public images with cover, contain and fill', async () => {
    const bucket = ownerA.storage.from('fx-publico');
    const cases = [
      { transform: { width: 100, height: 100, resize: 'cover' as const }, expected: { width: 100, height: 100 } },
      { transform: { width: 100, height: 100, resize: 'contain' as const }, expected: { width: 100, height: 75 } },
      { transform: { width: 50, height: 80, resize: 'fill' as const }, expected: { width: 50, height: 80 } },
      { transform: { width: 200 }, expected: { width: 200, height: 150 } },
    ];
    for (const { transform, expected } of cases) {
      const { publicUrl } = bucket.getPublicUrl(`${idA}/grande.png`, { transform }).data;
      expect(publicUrl).toContain('/render/image/public/');
      const response = await fetch(publicUrl);
      expect(response.status).toBe(200);
      expect(await dimensions(await response.arrayBuffer())).toMatchObject({ ...expected, format: 'png' });
    }
  });

  it('converts format and applies quality', async () => {
    const bucket = ownerA.storage.from('fx-publico');
    const low = await fetch(
      bucket.getPublicUrl(`${idA}/grande.png`, { transform: { width: 300, format: 'origin', quality: 20 } }).data.publicUrl,
    );
    expect(low.headers.get('content-type')).toBe('image/png');
    const webpLow = await fetch(
      `${stack.url}/storage/v1/render/image/public/fx-publico/${idA}/grande.png?width=300&format=webp&quality=20`,
    );
    const webpHigh = await fetch(
      `${stack.url}/storage/v1/render/image/public/fx-publico/${idA}/grande.png?width=300&format=webp&quality=100`,
    );
    expect(webpLow.headers.get('content-type')).toBe('image/webp');
    const [lowBytes, highBytes] = [await webpLow.arrayBuffer(), await webpHigh.arrayBuffer()];
    expect(await dimensions(lowBytes)).toMatchObject({ width: 300, height: 225, format: 'webp' });
    expect(lowBytes.byteLength).toBeLessThan(highBytes.byteLength);
    const bad = await fetch(`${stack.url}/storage/v1/render/image/public/fx-publico/${idA}/grande.png?width=abc`);
    expect(await bad.json()).toMatchObject({ statusCode: '400' });
  });

  it('transforms authenticated downloads and signed URLs of a private bucket', async () => {
    const bucket = ownerA.storage.from('fx-privado');
    const download = await bucket.download(`${idA}/grande.png`, { transform: { width: 64, height: 64, resize: 'cover' } });
    expect(download.error).toBeNull();
    expect(await dimensions(download.data as Blob)).toMatchObject({ width: 64, height: 64 });

    const signed = await bucket.createSignedUrl(`${idA}/grande.png`, 60, {
      transform: { width: 32, height: 24, resize: 'fill' },
    });
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(await dimensions(await response.arrayBuffer())).toMatchObject({ width: 32, height: 24 });
  });
});

describe('signed URLs and buckets', () => {
  it('signs one or many objects; a tampered or foreign token is refused', async () => {
    const bucket = ownerA.storage.from('fx-privado');
    expect((await bucket.upload(`${idA}/assinado.txt`, Buffer.from('segredo'))).error).toBeNull();
    const one = await bucket.createSignedUrl(`${idA}/assinado.txt`, 60);
    const url = one.data?.signedUrl ?? '';
    expect(await (await fetch(url)).text()).toBe('segredo');
    const tampered = await fetch(`${url.slice(0, -3)}abc`);
    expect(tampered.status).toBe(400);
    const otherObject = await fetch(url.replace('assinado.txt', 'grande.png'));
    expect(await otherObject.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

    const many = await bucket.createSignedUrls([`${idA}/assinado.txt`, `${idB}/nada.txt`], 60);
    expect(many.error).toBeNull();
    expect(many.data?.[0]?.error).toBeNull();
    expect(await (await fetch(many.data?.[0]?.signedUrl ?? '')).text()).toBe('segredo');
    expect(many.data?.[1]?.error).toBeTruthy();
  });

  it('lets the service role see buckets; owners see none without a policy', async () => {
    const service = stack.serviceClient();
    const bucket = await service.storage.getBucket('fx-publico');
    expect(bucket.data).toMatchObject({ id: 'fx-publico', name: 'fx-publico', public: true });
    const all = await service.storage.listBuckets();
    expect(all.data?.map((b) => b.id)).toEqual(expect.arrayContaining(['fx-publico', 'fx-privado']));
    expect((await ownerA.storage.listBuckets()).data).toEqual([]);
    expect((await ownerA.storage.getBucket('fx-publico')).error).toMatchObject({ statusCode: '404' });
    expect((await ownerA.storage.createBucket('intruso')).error).toMatchObject({ statusCode: '403' });
  });

  it('creates, limits, empties and deletes a bucket with the service role', async () => {
    const service = stack.serviceClient();
    expect(
      (await service.storage.createBucket('fx-temporario', { public: false, fileSizeLimit: '1KB', allowedMimeTypes: ['text/*'] }))
        .error,
    ).toBeNull();
    const files = service.storage.from('fx-temporario');
    expect((await files.upload('a.txt', Buffer.from('ok'), { contentType: 'text/plain' })).error).toBeNull();
    expect((await files.upload('b.txt', Buffer.alloc(2048, 1), { contentType: 'text/plain' })).error).toMatchObject({
      statusCode: '413',
    });
    expect((await files.upload('c.png', await png(4, 4), { contentType: 'image/png' })).error).toMatchObject({
      statusCode: '415',
    });
    expect((await service.storage.deleteBucket('fx-temporario')).error).toMatchObject({ statusCode: '409' });
    expect((await service.storage.emptyBucket('fx-temporario')).error).toBeNull();
    expect((await service.storage.deleteBucket('fx-temporario')).error).toBeNull();
    expect((await service.storage.getBucket('fx-temporario')).error).toMatchObject({ statusCode: '404' });
  });
});

describe('row-level security decides', () => {
  const privatePath = () => `${idA}/privado/segredo.txt`;

  beforeAll(async () => {
    expect((await ownerA.storage.from('fx-privado').upload(privatePath(), Buffer.from('só do A'))).error).toBeNull();
  });

  it('owner B cannot read, list, sign, move or remove what A keeps in a private bucket', async () => {
    const bucket = ownerB.storage.from('fx-privado');
    expect((await bucket.download(privatePath())).error).not.toBeNull();
    expect((await bucket.list(idA)).data).toEqual([]);
    expect((await bucket.createSignedUrl(privatePath(), 60)).error).toMatchObject({ statusCode: '404' });
    expect((await bucket.move(privatePath(), `${idB}/roubado.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await bucket.remove([privatePath()])).data).toEqual([]);
    expect(await (await ownerA.storage.from('fx-privado').download(privatePath())).data?.text()).toBe('só do A');
  });

  it('owner B cannot write under A, nor overwrite A with upsert', async () => {
    const bucket = ownerB.storage.from('fx-privado');
    const write = await bucket.upload(`${idA}/de-B.txt`, Buffer.from('x'));
    expect(write.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const overwrite = await bucket.upload(privatePath(), Buffer.from('x'), { upsert: true });
    expect(overwrite.error).not.toBeNull();
    expect(await (await ownerA.storage.from('fx-privado').download(privatePath())).data?.text()).toBe('só do A');
    expect((await bucket.upload(`${idB}/meu.txt`, Buffer.from('do B'))).error).toBeNull();
  });

  it('anon cannot write anywhere nor read a private bucket, but reads public objects by URL', async () => {
    const write = await anon.storage.from('fx-publico').upload(`${idA}/anon.txt`, Buffer.from('x'));
    expect(write.error).toMatchObject({ statusCode: '403' });
    expect((await anon.storage.from('fx-privado').download(privatePath())).error).not.toBeNull();
    const privateUrl = anon.storage.from('fx-privado').getPublicUrl(privatePath()).data.publicUrl;
    expect(await (await fetch(privateUrl)).json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const { rows } = await stack.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM storage.objects WHERE name LIKE '%anon.txt'",
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('a forged token is refused', async () => {
    const forged = `${(await stack.mintUserToken(idA)).slice(0, -4)}AAAA`;
    const result = await stack.client(forged).storage.from('fx-privado').download(privatePath());
    expect(result.error).not.toBeNull();
    const raw = await fetch(`${stack.url}/storage/v1/object/fx-privado/${privatePath()}`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${forged}` },
    });
    expect(await raw.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
  });
});
