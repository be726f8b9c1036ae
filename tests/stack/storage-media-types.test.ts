// Storage never lets a browser run an upload, through supabase-js against the product-images bucket: a media
// type is read strictly (`image/png;,text/html` is not an image, raw or multipart) and stored normalised; every
// answer says nosniff and carries a sandboxing CSP; an image bucket serves anything but a picture as a download.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let owner: SupabaseClient;
let token: string;
const ownerId = randomUUID();
const page = Buffer.from('<script>fetch("/mail/v1/messages").then((r) => r.text()).then(alert)</script>');
const SMUGGLED_TYPES = ['image/png;,text/html', 'image/png;x=1, text/html', 'image/png, text/html', 'image/png;'];

const bucket = () => owner.storage.from('product-images');
const pathOf = (name: string) => `${ownerId}/produtos/${name}`;

async function storedType(name: string): Promise<string | null> {
  const { rows } = await stack.db.query<{ mimetype: string }>(
    `SELECT metadata ->> 'mimetype' AS mimetype FROM storage.objects WHERE bucket_id = 'product-images' AND name = $1`,
    [pathOf(name)],
  );
  return rows[0]?.mimetype ?? null;
}

function expectContained(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
}

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.mintUserToken(ownerId);
  owner = stack.client(token);
});

afterAll(async () => {
  await stack.close();
});

describe('media types of uploads', () => {
  it.each(SMUGGLED_TYPES)('refuses a raw upload typed %j and stores nothing', async (contentType) => {
    const name = `raw-${randomUUID()}.png`;
    const { error } = await bucket().upload(pathOf(name), page, { contentType });
    expect(error).toMatchObject({ statusCode: '415' });
    expect(await storedType(name)).toBeNull();
  });

  it.each(SMUGGLED_TYPES)('refuses a multipart upload whose contentType field is %j', async (contentType) => {
    const name = `form-${randomUUID()}.png`;
    const form = new FormData();
    form.append('contentType', contentType);
    form.append('', new Blob([new Uint8Array(page)]));
    const { error } = await bucket().upload(pathOf(name), form);
    expect(error).toMatchObject({ statusCode: '415' });
    expect(await storedType(name)).toBeNull();
  });

  it('refuses a multipart file part typed image/png;,text/html', async () => {
    const name = `part-${randomUUID()}.png`;
    const { error } = await bucket().upload(pathOf(name), new Blob([new Uint8Array(page)], { type: 'image/png;,text/html' }));
    expect(error).toMatchObject({ statusCode: '415' });
    expect(await storedType(name)).toBeNull();
  });

  it('stores and serves the normalised type: lower case, parameters other than a plain charset dropped', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const name = `${randomUUID()}.png`;
    expect((await bucket().upload(pathOf(name), png, { contentType: 'Image/PNG ; name="x, text/html"' })).error).toBeNull();
    expect(await storedType(name)).toBe('image/png');
    expect((await bucket().info(pathOf(name))).data).toMatchObject({ contentType: 'image/png' });
    const served = await fetch(bucket().getPublicUrl(pathOf(name)).data.publicUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toBeNull();
  });
});

describe('what a download tells the browser', () => {
  let photo = '';
  let pdf = '';

  beforeAll(async () => {
    photo = `${randomUUID()}.jpg`;
    pdf = `${randomUUID()}.pdf`;
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect((await bucket().upload(pathOf(photo), jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
    expect((await bucket().upload(pathOf(pdf), Buffer.from('%PDF-1.4\n'), { contentType: 'application/pdf' })).error).toBeNull();
  });

  it('every object answer says nosniff and sandboxes the document: public, authenticated, signed, HEAD, 304, render, errors', async () => {
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${token}` };
    const publicUrl = bucket().getPublicUrl(pathOf(photo)).data.publicUrl;
    const signed = await bucket().createSignedUrl(pathOf(photo), 60);
    const first = await fetch(publicUrl);
    const answers = [
      first,
      await fetch(publicUrl, { method: 'HEAD' }),
      await fetch(publicUrl, { headers: { 'if-none-match': first.headers.get('etag') ?? '' } }),
      await fetch(`${stack.url}/storage/v1/object/authenticated/product-images/${pathOf(photo)}`, { headers }),
      await fetch(signed.data?.signedUrl ?? ''),
      await fetch(bucket().getPublicUrl(pathOf(photo), { transform: { width: 4 } }).data.publicUrl),
      await fetch(bucket().getPublicUrl(pathOf('nao-existe.jpg')).data.publicUrl),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 304, 200, 200, 200, 400]);
    for (const answer of answers) expectContained(answer);
  });

  it('an image bucket hands a PDF over as a download, at every address', async () => {
    const signed = await bucket().createSignedUrl(pathOf(pdf), 60);
    for (const url of [bucket().getPublicUrl(pathOf(pdf)).data.publicUrl, signed.data?.signedUrl ?? '']) {
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${pdf}`);
    }
    const download = await bucket().download(pathOf(pdf));
    expect(await download.data?.text()).toBe('%PDF-1.4\n');
  });

  it('an object stored with a smuggled type before the strict check is served opaque, as a download', async () => {
    const name = `${randomUUID()}.png`;
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await bucket().upload(pathOf(name), png, { contentType: 'image/png' })).error).toBeNull();
    await stack.db.query(
      `UPDATE storage.objects SET metadata = jsonb_set(metadata, '{mimetype}', '"image/png;,text/html"')
        WHERE bucket_id = 'product-images' AND name = $1`,
      [pathOf(name)],
    );
    const answer = await fetch(bucket().getPublicUrl(pathOf(name)).data.publicUrl);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${name}`);
    expectContained(answer);
  });
});
