// Storage answers storage-js as Supabase Storage does: signed upload URLs (signed only where the caller may
// upload, usable once per token scope), list-v2 with folders and cursors, size limits in Storage's decimal
// units, timestamps printed as Storage prints them, the emptyBucket message and info() metadata.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

// A private bucket where an owner writes only under `{userId}/`, as product-images does.
const FIXTURE = `
INSERT INTO storage.buckets (id, name, public) VALUES ('cf-privado', 'cf-privado', false);
CREATE POLICY cf_le_proprio ON storage.objects FOR SELECT TO authenticated
  USING (bucket_id = 'cf-privado' AND (storage.foldername(name))[1] = auth.uid()::text);
CREATE POLICY cf_grava_proprio ON storage.objects FOR INSERT TO authenticated
  WITH CHECK (bucket_id = 'cf-privado' AND (storage.foldername(name))[1] = auth.uid()::text);
`;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let stack: TestStack;
let owner: SupabaseClient;
const ownerId = randomUUID();

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.exec(FIXTURE);
  stack = await startTestStack({ db });
  owner = stack.client(await stack.mintUserToken(ownerId));
});

afterAll(async () => {
  const db = stack.db;
  await stack.close();
  await db.close();
});

describe('signed upload URLs', () => {
  it('signs where the caller may upload; anyone holding the URL uploads there, owned by the signer', async () => {
    const path = `${ownerId}/recibo.txt`;
    const signed = await owner.storage.from('cf-privado').createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data?.signedUrl).toContain(`/storage/v1/object/upload/sign/cf-privado/${path}?token=`);
    expect(signed.data?.path).toBe(path);

    const uploaded = await stack
      .client()
      .storage.from('cf-privado')
      .uploadToSignedUrl(path, signed.data?.token ?? '', Buffer.from('pago'), { contentType: 'text/plain' });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path, fullPath: `cf-privado/${path}` });

    const read = await owner.storage.from('cf-privado').download(path);
    expect(await read.data?.text()).toBe('pago');
    const { rows } = await stack.db.query<{ owner: string }>(
      `SELECT owner::text AS owner FROM storage.objects WHERE bucket_id = 'cf-privado' AND name = $1`,
      [path],
    );
    expect(rows[0]?.owner).toBe(ownerId);

    // Without x-upsert in the signature, the URL cannot replace what is there now.
    const again = await stack
      .client()
      .storage.from('cf-privado')
      .uploadToSignedUrl(path, signed.data?.token ?? '', Buffer.from('outro'));
    expect(again.error).not.toBeNull();
  });

  it('refuses to sign outside the caller own folder, and a token for another object', async () => {
    const refused = await owner.storage.from('cf-privado').createSignedUploadUrl(`${randomUUID()}/alheio.txt`);
    expect(refused.error).toMatchObject({ statusCode: '403' });
    const signed = await owner.storage.from('cf-privado').createSignedUploadUrl(`${ownerId}/um.txt`);
    const misused = await stack
      .client()
      .storage.from('cf-privado')
      .uploadToSignedUrl(`${ownerId}/outro.txt`, signed.data?.token ?? '', Buffer.from('x'));
    expect(misused.error).toMatchObject({ statusCode: '400' });
  });

  it('a download URL does not upload, and an upload URL does not download', async () => {
    const path = `${ownerId}/lido.txt`;
    expect((await owner.storage.from('cf-privado').upload(path, Buffer.from('lido'))).error).toBeNull();
    const download = await owner.storage.from('cf-privado').createSignedUrl(path, 60);
    const downloadToken = new URL(download.data?.signedUrl ?? 'http://x').searchParams.get('token') ?? '';
    const asUpload = await stack
      .client()
      .storage.from('cf-privado')
      .uploadToSignedUrl(path, downloadToken, Buffer.from('trocado'), { upsert: true });
    expect(asUpload.error).not.toBeNull();

    const upload = await owner.storage.from('cf-privado').createSignedUploadUrl(path, { upsert: true });
    const asDownload = await fetch(`${stack.url}/storage/v1/object/sign/cf-privado/${path}?token=${upload.data?.token ?? ''}`);
    expect(asDownload.status).toBe(400);
    expect(await (await owner.storage.from('cf-privado').download(path)).data?.text()).toBe('lido');
  });
});

describe('list-v2', () => {
  const bucket = 'cf-lista';

  beforeAll(async () => {
    const service = stack.serviceClient();
    expect((await service.storage.createBucket(bucket)).error).toBeNull();
    // Created one after another, so creation order differs from name order.
    for (const suffix of ['zz', 'bb', 'xx', 'ww', 'cc', 'aa']) {
      expect((await service.storage.from(bucket).upload(`pasta/arquivo-${suffix}.txt`, Buffer.from(suffix))).error).toBeNull();
    }
    expect((await service.storage.from(bucket).upload('solto.txt', Buffer.from('s'))).error).toBeNull();
  });

  it('lists flat under a prefix, and folders one level deep with the delimiter', async () => {
    const files = stack.serviceClient().storage.from(bucket);
    const flat = await files.listV2({ prefix: 'pasta' });
    expect(flat.error).toBeNull();
    expect(flat.data).toMatchObject({ hasNext: false, folders: [] });
    expect(flat.data?.objects.map((object) => object.name)).toEqual(
      ['aa', 'bb', 'cc', 'ww', 'xx', 'zz'].map((suffix) => `pasta/arquivo-${suffix}.txt`),
    );
    expect(flat.data?.objects[0]?.created_at).toMatch(ISO_UTC);

    const root = await files.listV2({ with_delimiter: true });
    expect(root.data?.folders).toEqual([expect.objectContaining({ key: 'pasta', name: 'pasta/' })]);
    expect(root.data?.objects).toEqual([expect.objectContaining({ key: 'solto.txt', name: 'solto.txt' })]);
  });

  it('pages with the cursor, by name or by creation time, either way', async () => {
    const files = stack.serviceClient().storage.from(bucket);
    const cases = [
      { sortBy: undefined, expected: ['aa', 'bb', 'cc', 'ww', 'xx', 'zz'] },
      { sortBy: { column: 'name', order: 'desc' }, expected: ['zz', 'xx', 'ww', 'cc', 'bb', 'aa'] },
      { sortBy: { column: 'created_at', order: 'asc' }, expected: ['zz', 'bb', 'xx', 'ww', 'cc', 'aa'] },
      { sortBy: { column: 'created_at', order: 'desc' }, expected: ['aa', 'cc', 'ww', 'xx', 'bb', 'zz'] },
    ] as const;
    for (const { sortBy, expected } of cases) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      for (;;) {
        const page = await files.listV2({
          prefix: 'pasta/',
          with_delimiter: true,
          limit: 2,
          ...(cursor ? { cursor } : {}),
          ...(sortBy ? { sortBy } : {}),
        });
        expect(page.error).toBeNull();
        pages += 1;
        seen.push(...(page.data?.objects ?? []).map((object) => /arquivo-(\w+)\.txt/.exec(object.name)?.[1] ?? '?'));
        if (!page.data?.hasNext) break;
        cursor = page.data.nextCursor;
      }
      expect({ sortBy, seen, pages }).toEqual({ sortBy, seen: expected, pages: 3 });
    }
  });
});

describe('buckets and object info', () => {
  it("takes '20mb' as 20 000 000 bytes, prints timestamps as Storage, and says the bucket empties", async () => {
    const service = stack.serviceClient();
    const id = 'cf-limite';
    expect((await service.storage.createBucket(id, { public: false, fileSizeLimit: '20mb' })).error).toBeNull();
    const bucket = await service.storage.getBucket(id);
    expect(bucket.data?.file_size_limit).toBe(20_000_000);
    expect(bucket.data?.created_at).toMatch(ISO_UTC);
    expect(bucket.data?.updated_at).toMatch(ISO_UTC);
    expect((await service.storage.updateBucket(id, { public: false, fileSizeLimit: '1.5kb' })).error).toBeNull();
    expect((await service.storage.getBucket(id)).data?.file_size_limit).toBe(1500);

    expect((await service.storage.from(id).upload('a.txt', Buffer.from('a'))).error).toBeNull();
    const emptied = await service.storage.emptyBucket(id);
    expect(emptied.data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
  });

  it('info() answers metadata {} when none was given, and the given metadata otherwise', async () => {
    const files = owner.storage.from('cf-privado');
    expect((await files.upload(`${ownerId}/simples.txt`, Buffer.from('s'))).error).toBeNull();
    const plain = await files.info(`${ownerId}/simples.txt`);
    expect(plain.error).toBeNull();
    expect(plain.data?.metadata).toEqual({});
    expect(plain.data?.createdAt).toMatch(ISO_UTC);

    expect(
      (await files.upload(`${ownerId}/com-dados.txt`, Buffer.from('d'), { metadata: { origem: 'caixa' } })).error,
    ).toBeNull();
    expect((await files.info(`${ownerId}/com-dados.txt`)).data?.metadata).toEqual({ origem: 'caixa' });
  });
});
