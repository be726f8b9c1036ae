// The product-images bucket as supabase/migrations define it, through supabase-js: public reads (and transforms)
// for everyone, writes only by the owner under `{userId}/`, the bucket's size and type limits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let ownerA: SupabaseClient;
let ownerB: SupabaseClient;
const idA = randomUUID();
const idB = randomUUID();
const photo = () => `${idA}/produtos/arroz.jpg`;

beforeAll(async () => {
  stack = await startTestStack();
  ownerA = stack.client(await stack.mintUserToken(idA));
  ownerB = stack.client(await stack.mintUserToken(idB));
  const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0ffee' } }).jpeg().toBuffer();
  const { error } = await ownerA.storage.from('product-images').upload(photo(), image, { contentType: 'image/jpeg' });
  expect(error).toBeNull();
});

afterAll(async () => {
  await stack.close();
});

describe('product-images', () => {
  it('serves the owner photo publicly, resized on request', async () => {
    const bucket = stack.client().storage.from('product-images');
    const plain = await fetch(bucket.getPublicUrl(photo()).data.publicUrl);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('image/jpeg');
    const thumb = await fetch(bucket.getPublicUrl(photo(), { transform: { width: 160, height: 160, resize: 'cover', quality: 60 } }).data.publicUrl);
    const { width, height, format } = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect({ width, height, format }).toEqual({ width: 160, height: 160, format: 'jpeg' });
  });

  it('lets owners write only in their own folder', async () => {
    const fromB = ownerB.storage.from('product-images');
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().toBuffer();
    expect((await fromB.upload(`${idA}/produtos/intruso.jpg`, jpeg, { contentType: 'image/jpeg' })).error).toMatchObject({ statusCode: '403' });
    expect((await fromB.upload(photo(), jpeg, { contentType: 'image/jpeg', upsert: true })).error).not.toBeNull();
    expect((await fromB.remove([photo()])).data).toEqual([]);
    expect((await fromB.move(photo(), `${idB}/roubada.jpg`)).error).not.toBeNull();
    expect((await fromB.upload(`${idB}/produtos/feijao.jpg`, jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
    const anon = stack.client().storage.from('product-images');
    expect((await anon.upload(`${idA}/anon.jpg`, jpeg, { contentType: 'image/jpeg' })).error).toMatchObject({ statusCode: '403' });
    const still = await fetch(stack.client().storage.from('product-images').getPublicUrl(photo()).data.publicUrl);
    expect((await sharp(Buffer.from(await still.arrayBuffer())).metadata()).width).toBe(640);
  });

  it('applies the bucket limits: 5 MB and image types', async () => {
    const bucket = ownerA.storage.from('product-images');
    const big = await bucket.upload(`${idA}/grande.jpg`, Buffer.alloc(5 * 1024 * 1024 + 1), { contentType: 'image/jpeg' });
    expect(big.error).toMatchObject({ statusCode: '413' });
    const gif = await bucket.upload(`${idA}/anim.gif`, Buffer.from('GIF89a'), { contentType: 'image/gif' });
    expect(gif.error).toMatchObject({ statusCode: '415' });
    expect((await bucket.remove([photo()])).data?.map((row) => row.name)).toEqual([photo()]);
  });
});
