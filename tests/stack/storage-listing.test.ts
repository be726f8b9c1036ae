// Listing the public product-images bucket follows storage.objects' policies, through supabase-js: each owner
// lists only their own folder, anon lists nothing (owner ids stay private), and public URLs still serve photos.
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

const names = (entries: { name: string }[] | null) => (entries ?? []).map((entry) => entry.name);

beforeAll(async () => {
  stack = await startTestStack();
  ownerA = stack.client(await stack.mintUserToken(idA));
  ownerB = stack.client(await stack.mintUserToken(idB));
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } })
    .jpeg()
    .toBuffer();
  for (const [owner, path] of [
    [ownerA, `${idA}/produtos/arroz.jpg`],
    [ownerB, `${idB}/produtos/feijao.jpg`],
  ] as const) {
    const { error } = await owner.storage.from('product-images').upload(path, jpeg, { contentType: 'image/jpeg' });
    expect(error).toBeNull();
  }
});

afterAll(async () => {
  await stack.close();
});

describe('listing product-images', () => {
  it('shows an owner only their own folder', async () => {
    const bucket = ownerA.storage.from('product-images');
    expect(names((await bucket.list('')).data)).toEqual([idA]);
    expect(names((await bucket.list(`${idA}/produtos`)).data)).toEqual(['arroz.jpg']);
    expect(names((await bucket.list(idB)).data)).toEqual([]);
    expect(names((await bucket.list(`${idB}/produtos`)).data)).toEqual([]);
    expect(names((await bucket.list('', { search: idB.slice(0, 8) })).data)).toEqual([]);
    expect(names((await ownerB.storage.from('product-images').list('')).data)).toEqual([idB]);
  });

  it('shows anon nothing: no owner id leaks from the public bucket', async () => {
    const bucket = stack.client().storage.from('product-images');
    for (const prefix of ['', idA, `${idA}/produtos`, idB]) {
      const { data, error } = await bucket.list(prefix);
      expect(error).toBeNull();
      expect(names(data), prefix).toEqual([]);
    }
  });

  it('still serves the photos by public URL to anyone', async () => {
    const bucket = stack.client().storage.from('product-images');
    for (const path of [`${idA}/produtos/arroz.jpg`, `${idB}/produtos/feijao.jpg`]) {
      const response = await fetch(bucket.getPublicUrl(path).data.publicUrl);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
    }
  });
});
