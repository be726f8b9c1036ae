// Product photos follow the same rule as the owner's data: once the trial is over, the account is suspended
// or deleted, or the sign-in's device is not the registered one (free plan), Storage refuses uploads,
// replacements, moves and removals, and the photos already there stay as they were, still public.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowOf } from '../support/results.ts';
import { createOwner, registerDevice, restWrite, signIn, type SignedInDevice } from '../support/signed-in.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let jpeg: Buffer;
let other: Buffer;

beforeAll(async () => {
  stack = await startTestStack();
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } })
    .jpeg()
    .toBuffer();
  other = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000000' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await stack.close();
});

const photo = (device: SignedInDevice, name = 'arroz.jpg') => `${device.userId}/produtos/${name}`;

/** A free owner on a registered device, with one photo uploaded. */
async function ownerWithPhoto(prefix: string): Promise<SignedInDevice> {
  const { email } = await createOwner(stack, prefix);
  const device = await signIn(stack, email);
  rowOf(await registerDevice(device));
  const { error } = await device.client.storage.from('product-images').upload(photo(device), jpeg, { contentType: 'image/jpeg' });
  expect(error).toBeNull();
  return device;
}

/** Every kind of Storage write is refused, and the photo is still there, unchanged and public. */
async function expectStorageClosed(device: SignedInDevice): Promise<void> {
  const bucket = device.client.storage.from('product-images');
  const upload = await bucket.upload(photo(device, 'feijao.jpg'), other, { contentType: 'image/jpeg' });
  expect(upload.error).toMatchObject({ statusCode: '403' });
  const overwrite = await bucket.upload(photo(device), other, { contentType: 'image/jpeg', upsert: true });
  expect(overwrite.error).not.toBeNull();
  const update = await bucket.update(photo(device), other, { contentType: 'image/jpeg' });
  expect(update.error).not.toBeNull();
  const move = await bucket.move(photo(device), photo(device, 'movida.jpg'));
  expect(move.error).not.toBeNull();
  const removed = await bucket.remove([photo(device)]);
  expect(removed.data ?? []).toEqual([]);

  const still = await fetch(stack.client().storage.from('product-images').getPublicUrl(photo(device)).data.publicUrl);
  expect(still.status).toBe(200);
  expect(Buffer.from(await still.arrayBuffer()).equals(jpeg)).toBe(true);
  const { rows } = await stack.db.query<{ name: string }>(
    `SELECT name FROM storage.objects WHERE bucket_id = 'product-images' AND name LIKE $1 ORDER BY name`,
    [`${device.userId}/%`],
  );
  expect(rows).toEqual([{ name: photo(device) }]);
}

describe('product-images writes follow the owner’s plan and standing', () => {
  it('an expired trial: no upload, overwrite, move or removal, as REST refuses; premium opens them again', async () => {
    const device = await ownerWithPhoto('teste.expirado');
    await stack.db.query(`UPDATE public.users SET trial_end_date = now() - interval '1 day' WHERE id = $1`, [device.userId]);
    expect(await restWrite(device)).toMatchObject({ status: 403, message: 'Período de teste expirado' });
    await expectStorageClosed(device);

    await stack.db.query(`UPDATE public.users SET plano = 'premium', data_fim_plano = now() + interval '30 days' WHERE id = $1`, [
      device.userId,
    ]);
    const bucket = device.client.storage.from('product-images');
    expect((await bucket.upload(photo(device), other, { contentType: 'image/jpeg', upsert: true })).error).toBeNull();
    expect((await bucket.move(photo(device), photo(device, 'movida.jpg'))).error).toBeNull();
    expect((await bucket.remove([photo(device, 'movida.jpg')])).data?.map((row) => row.name)).toEqual([
      photo(device, 'movida.jpg'),
    ]);
  });

  it('free plan: a sign-in that never registered its device, and one another device ended', async () => {
    const device = await ownerWithPhoto('dispositivo');
    const { data } = await stack.serviceClient().auth.admin.getUserById(device.userId);
    const unregistered = await signIn(stack, data.user?.email ?? '');
    await expectStorageClosed(unregistered);
    rowOf(await registerDevice(unregistered));
    await expectStorageClosed(device);
  });

  it('a suspended owner, and a deleted one whose token is still valid', async () => {
    const suspended = await ownerWithPhoto('suspensa');
    await stack.db.query(`UPDATE public.users SET status_pagamento = 'suspenso' WHERE id = $1`, [suspended.userId]);
    await expectStorageClosed(suspended);

    const deleted = await ownerWithPhoto('apagada');
    expect((await stack.serviceClient().auth.admin.deleteUser(deleted.userId, true)).error).toBeNull();
    await expectStorageClosed(deleted);
  });
});
