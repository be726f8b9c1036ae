// The product image upload queue against the local stack's Storage: kept on the device while offline, uploaded
// when the connection returns with the product's imagem_url saved (transform 800x800 cover, quality 80, version),
// carried over a reload (a new API over the same store) and never lost when an upload fails half-way.
import { randomUUID } from 'node:crypto';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import sharp from 'sharp';
import { BehaviorSubject } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataApiParts } from '../../workers/api.ts';
import type { OwnerSession } from '../../workers/db/workspace.ts';
import type { ImageProcessor } from '../../workers/images/process.ts';
import { memoryImageStore, type ImageQueueStore } from '../../workers/images/store.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let photo: Blob;
// Node has no canvas: the image is stored as chosen (a JPEG already within the limits).
const asIs: ImageProcessor = (file) => Promise.resolve({ blob: file, contentType: 'image/jpeg', extension: 'jpg' });
let closeOpened: () => Promise<void> = () => Promise.resolve();

beforeAll(async () => {
  stack = await startTestStack();
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0ffee' } })
    .jpeg()
    .toBuffer();
  photo = new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
});
afterEach(async () => {
  await closeOpened();
});
afterAll(async () => {
  await stack.close();
});

async function device(userId: string, store: ImageQueueStore, online: boolean, session?: OwnerSession) {
  await closeOpened();
  const connectivity = createManualConnectivity(online);
  const owner = session ?? { userId, client: stack.client(await stack.mintUserToken(userId)) };
  const parts = createDataApiParts({
    appVersion: 'teste',
    connectivity,
    images: { store, process: asIs },
    ownerData: {
      storage: getRxStorageMemory(),
      multiInstance: false,
      namePrefix: `imagens-${randomUUID().slice(0, 8)}`,
      serverUrl: stack.url,
      deviceId: 'balcao',
      realtime: false,
      session$: new BehaviorSubject<OwnerSession | null>(owner),
    },
  });
  await parts.workspace.current();
  closeOpened = () => parts.workspace.close();
  return { api: parts.api, workspace: parts.workspace, connectivity };
}

const folder = async (userId: string) => {
  const { data } = await stack.serviceClient().storage.from('product-images').list(`${userId}/produtos`);
  return (data ?? []).map((row) => row.name);
};

describe('product image queue', () => {
  it('keeps the image on the device offline and uploads it when the connection returns', async () => {
    const userId = randomUUID();
    const store = memoryImageStore();
    const { api, connectivity } = await device(userId, store, false);
    const id = await api.products.create({ nome: 'Arroz', preco: 10 });
    expect(await api.images.set(id, photo, 'arroz.jpg')).toBe('saved_offline');
    expect(await api.images.flush()).toBe(1);
    expect(await folder(userId)).toEqual([]);
    expect((await api.products.get(id))?.imagem_url ?? null).toBeNull();
    expect(await store.all()).toEqual([expect.objectContaining({ productId: id })]);

    connectivity.set(true);
    expect(await api.images.flush()).toBe(0);
    const [name] = await folder(userId);
    expect(name).toMatch(/^\d+_[a-z0-9]+\.jpg$/);
    const url = (await api.products.get(id))?.imagem_url ?? '';
    expect(url).toContain(`/render/image/public/product-images/${userId}/produtos/${name}`);
    expect(url).toMatch(/width=800&height=800&resize=cover&quality=80&v=\d+$/);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 800, height: 800 });
    expect(await store.all()).toEqual([]);
  });

  it('uploads straight away when online', async () => {
    const userId = randomUUID();
    const { api } = await device(userId, memoryImageStore(), true);
    const id = await api.products.create({ nome: 'Feijão', preco: 8 });
    expect(await api.images.set(id, photo, 'feijao.jpg')).toBe('uploaded');
    const [first] = await folder(userId);
    // A new photo replaces the old object; removing the image empties the folder.
    expect(await api.images.set(id, photo, 'feijao-2.jpg')).toBe('uploaded');
    const replaced = await folder(userId);
    expect(replaced).toHaveLength(1);
    expect(replaced).not.toEqual([first]);
    await api.images.remove(id);
    expect(await folder(userId)).toEqual([]);
  });

  it('carries the waiting image over a reload, and the staged image of a new product', async () => {
    const userId = randomUUID();
    const store = memoryImageStore();
    const first = await device(userId, store, false);
    const id = await first.api.products.create({ nome: 'Café', preco: 15 });
    await first.api.images.set(id, photo, 'cafe.jpg');
    await first.api.images.stage(photo, 'novo.jpg');
    const product = await first.workspace.current().then((workspace) => workspace.database.produtos.findOne(id).exec());
    const row = product?.toJSON();

    // The reloaded page: a new API over the same store (and the product, as the device's database keeps it).
    const second = await device(userId, store, false);
    const workspace = await second.workspace.current();
    if (row) await workspace.database.produtos.insert(row);
    expect(await second.api.images.flush()).toBe(1);
    const other = await second.api.products.create({ nome: 'Leite', preco: 5 });
    expect(await second.api.images.attachStaged(other)).toBe(true);
    expect(await second.api.images.attachStaged(other)).toBe(false);
    second.connectivity.set(true);
    expect(await second.api.images.flush()).toBe(0);
    expect(await folder(userId)).toHaveLength(2);
    expect((await second.api.products.get(id))?.imagem_url).toContain('v=');
    expect((await second.api.products.get(other))?.imagem_url).toContain('v=');
    expect(await store.all()).toEqual([]);
  });

  it('loses nothing when an upload fails or the page dies after it', async () => {
    const userId = randomUUID();
    const store = memoryImageStore();
    // A session the server refuses (a token signed with another secret): the upload fails, the image stays.
    const refused = { userId, client: stack.client('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.invalido') };
    const first = await device(userId, store, true, refused);
    const id = await first.api.products.create({ nome: 'Açúcar', preco: 6 });
    expect(await first.api.images.set(id, photo, 'acucar.jpg')).toBe('saved_offline');
    const [entry] = await store.all();
    if (entry?.kind === 'removal') throw new Error('an upload was expected');
    expect(entry?.productId).toBe(id);
    const row = (await (await first.workspace.current()).database.produtos.findOne(id).exec())?.toJSON();

    // The object reached the bucket but the page died before imagem_url was saved: the retry replaces it.
    const owner = stack.client(await stack.mintUserToken(userId));
    expect(
      (await owner.storage.from('product-images').upload(entry?.path ?? '', photo, { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    const second = await device(userId, store, false, { userId, client: owner });
    if (row) await (await second.workspace.current()).database.produtos.insert(row);
    second.connectivity.set(true);
    expect(await second.api.images.flush()).toBe(0);
    expect(await folder(userId)).toEqual([entry?.path.split('/').pop()]);
    expect((await second.api.products.get(id))?.imagem_url).toContain(entry?.path ?? '-');
  });

  it('removes the photo from the bucket when its product is deleted, online or offline', async () => {
    const userId = randomUUID();
    const store = memoryImageStore();
    const online = await device(userId, store, true);
    const kept = await online.api.products.create({ nome: 'Farinha', preco: 7 });
    const deleted = await online.api.products.create({ nome: 'Fubá', preco: 4 });
    await online.api.images.set(kept, photo, 'farinha.jpg');
    await online.api.images.set(deleted, photo, 'fuba.jpg');
    expect(await folder(userId)).toHaveLength(2);
    const keptPath = (await online.api.products.get(kept))?.imagem_url ?? '';
    await online.api.products.remove(deleted);
    expect(await online.api.images.flush()).toBe(0);
    const left = await folder(userId);
    expect(left).toHaveLength(1);
    expect(keptPath).toContain(left[0] ?? '-');

    // Offline: the removal waits on the device, survives a reload and runs when the connection returns.
    online.connectivity.set(false);
    await online.api.products.remove(kept);
    expect(await online.api.images.flush()).toBe(1);
    expect(await folder(userId)).toHaveLength(1);
    const reloaded = await device(userId, store, false);
    expect(await reloaded.api.images.flush()).toBe(1);
    reloaded.connectivity.set(true);
    expect(await reloaded.api.images.flush()).toBe(0);
    expect(await folder(userId)).toEqual([]);
    expect(await store.all()).toEqual([]);
  });

  it('never uploads the waiting image of a product deleted offline', async () => {
    const userId = randomUUID();
    const store = memoryImageStore();
    const { api, connectivity } = await device(userId, store, false);
    const id = await api.products.create({ nome: 'Milho', preco: 3 });
    expect(await api.images.set(id, photo, 'milho.jpg')).toBe('saved_offline');
    await api.products.remove(id);
    await expect.poll(() => store.all()).toEqual([]);
    connectivity.set(true);
    expect(await api.images.flush()).toBe(0);
    expect(await folder(userId)).toEqual([]);
  });

  it('refuses a PDF, other types and files over 5 MB, and removes the image', async () => {
    const userId = randomUUID();
    const { api } = await device(userId, memoryImageStore(), false);
    const id = await api.products.create({ nome: 'Sal', preco: 2 });
    await expect(api.images.set(id, new Blob(['GIF89a'], { type: 'image/gif' }), 'a.gif')).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'arquivo', code: 'invalid_format' }],
    });
    // A PDF is no picture: refused by its type or by its name, before anything is kept.
    const pdf = new Blob(['%PDF-1.4\n'], { type: 'application/pdf' });
    for (const [blob, name] of [
      [pdf, 'nota.pdf'],
      [new Blob(['%PDF-1.4\n'], { type: '' }), 'nota.PDF'],
    ] as const) {
      await expect(api.images.set(id, blob, name)).rejects.toMatchObject({
        code: 'invalid_input',
        issues: [{ field: 'arquivo', code: 'invalid_type' }],
      });
    }
    expect(await api.images.flush()).toBe(0);
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' });
    await expect(api.images.set(id, big, 'a.png')).rejects.toMatchObject({ issues: [{ field: 'arquivo', code: 'too_large' }] });
    await api.images.set(id, photo, 'sal.jpg');
    await api.images.remove(id);
    expect(await api.images.flush()).toBe(0);
    expect((await api.products.get(id))?.imagem_url ?? null).toBeNull();
  });
});
