// The product image domain: checks and processes a chosen image, keeps it on the device and uploads it to
// product-images/{userId}/produtos/… when the connection allows, then saves the product's imagem_url (so it
// replicates). The queue survives reloads: an entry is stored before its upload and removed only after the URL
// is saved; an upload that died half-way is retried to the same path (upsert). A photo no product shows any more
// (the product deleted here or on another device, the photo replaced or removed, offline too) is queued for removal
// from the bucket the same way, so nothing is left behind in the owner's folder.
import { BehaviorSubject, filter, map, type Observable } from 'rxjs';
import { DataError } from '../contract/errors.ts';
import { patchOwned } from '../db/records.ts';
import type { OwnerSession, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import type { ConnectivitySource } from '../system/connectivity.ts';
import { canvasImageProcessor, type ImageProcessor } from './process.ts';
import { checkImageFile, IMAGE_MAX_BYTES, isPdf, objectPathOf } from './schema.ts';
import { isRemoval, memoryImageStore, type ImageQueueStore, type QueuedImage, type QueuedRemoval } from './store.ts';

export const BUCKET = 'product-images';
/** The key of the image chosen in the new-product form, before the product exists. */
export const STAGED = 'novo';

/** What became of an image once it was kept: already uploaded, or waiting on the device for the connection. */
export type ImageOutcome = 'uploaded' | 'saved_offline';

export interface ImagesOptions {
  store?: ImageQueueStore;
  process?: ImageProcessor;
  /** Tries again after this many ms while online and something still waits (an upload the server refused). */
  retryMs?: number;
  /** Names the object in the bucket (tests pin it). */
  objectName?: (now: number) => string;
}

/** The image's public URL as docs/product.md §7 asks: transformed 800x800 cover quality 80, with a version. */
export function publicImageUrl(client: OwnerSession['client'], entry: Pick<QueuedImage, 'path' | 'contentType' | 'createdAt'>) {
  const bucket = client.storage.from(BUCKET);
  const url = isPdf(entry.contentType)
    ? bucket.getPublicUrl(entry.path).data.publicUrl
    : bucket.getPublicUrl(entry.path, { transform: { width: 800, height: 800, resize: 'cover', quality: 80 } }).data.publicUrl;
  return `${url}${url.includes('?') ? '&' : '?'}v=${entry.createdAt}`;
}

export function createImagesDomain(
  holder: WorkspaceHolder,
  session$: Observable<OwnerSession | null>,
  connectivity: ConnectivitySource,
  options: ImagesOptions = {},
) {
  const store = options.store ?? memoryImageStore();
  const process = options.process ?? canvasImageProcessor;
  const objectName = options.objectName ?? ((now: number) => `${now}_${Math.random().toString(36).slice(2, 10)}`);
  const entries = new BehaviorSubject<ReadonlyMap<string, QueuedImage>>(new Map());
  const removals = new Map<string, QueuedRemoval>();
  let session: OwnerSession | null = null;
  const loaded = store.all().then((rows) => {
    const uploads: QueuedImage[] = [];
    for (const row of rows) {
      if (isRemoval(row)) removals.set(row.id, row);
      else uploads.push(row);
    }
    entries.next(new Map([...uploads.map((row) => [row.id, row] as const), ...entries.getValue()]));
  });
  let draining: Promise<void> = Promise.resolve();
  let retry: ReturnType<typeof setTimeout> | undefined;

  const keep = async (entry: QueuedImage) => {
    await loaded;
    await store.put(entry);
    entries.next(new Map(entries.getValue()).set(entry.id, entry));
  };
  const forget = async (id: string) => {
    await loaded;
    await store.delete(id);
    const next = new Map(entries.getValue());
    next.delete(id);
    entries.next(next);
  };

  /** Queues the removal of a photo no product shows any more; only the owner's own folder is touched. */
  async function discard(userId: string, path: string | null) {
    if (!path?.startsWith(`${userId}/`)) return;
    await loaded;
    const removal: QueuedRemoval = { kind: 'removal', id: `removal:${path}`, userId, path };
    await store.put(removal);
    removals.set(removal.id, removal);
  }

  /** Removes one queued photo from the bucket; false when it must wait. Removing a missing object succeeds. */
  async function removeObject(removal: QueuedRemoval): Promise<boolean> {
    const owner = session;
    if (!owner || owner.userId !== removal.userId || !connectivity.current().online) return false;
    const { error } = await owner.client.storage
      .from(BUCKET)
      .remove([removal.path])
      .catch((failure: unknown) => ({ error: failure }));
    if (error) return false;
    await store.delete(removal.id);
    removals.delete(removal.id);
    return true;
  }

  /** Uploads one entry and saves the URL; false when it must wait (offline, signed out, the server refused). */
  async function upload(entry: QueuedImage): Promise<boolean> {
    const owner = session;
    if (!owner || owner.userId !== entry.userId || !connectivity.current().online) return false;
    const workspace = await holder.current().catch(() => null);
    if (!workspace || workspace.userId !== entry.userId) return false;
    const { error } = await owner.client.storage
      .from(BUCKET)
      .upload(entry.path, entry.blob, { upsert: true, contentType: entry.contentType })
      .catch((failure: unknown) => ({ error: failure }));
    if (error) return false;
    const replaced = objectPathOf((await workspace.database.produtos.findOne(entry.productId).exec())?.imagem_url);
    try {
      await patchOwned(workspace, 'produtos', entry.productId, { imagem_url: publicImageUrl(owner.client, entry) });
    } catch (failure) {
      if (!(failure instanceof DataError && failure.code === 'not_found')) return false;
      // The product was deleted meanwhile: nothing is left to show the photo on.
      await discard(entry.userId, entry.path);
    }
    if (replaced && replaced !== entry.path) await discard(entry.userId, replaced);
    // A newer image chosen while this one was uploading stays queued.
    if (entries.getValue().get(entry.id) === entry) await forget(entry.id);
    return true;
  }

  /** Uploads what waits, one at a time; resolves when this pass is over. */
  function drain(): Promise<void> {
    draining = draining.then(async () => {
      await loaded;
      let waiting = 0;
      for (const entry of [...entries.getValue().values()]) {
        if (entry.productId === STAGED || entry.userId !== session?.userId) continue;
        if (!(await upload(entry))) waiting += 1;
      }
      for (const removal of [...removals.values()]) {
        if (removal.userId !== session?.userId) continue;
        if (!(await removeObject(removal))) waiting += 1;
      }
      if (waiting > 0 && options.retryMs !== undefined && connectivity.current().online && !retry) {
        retry = setTimeout(() => {
          retry = undefined;
          void drain();
        }, options.retryMs);
      }
    });
    return draining;
  }

  session$.subscribe((next) => {
    session = next;
    void drain();
  });
  connectivity.changes.pipe(filter((state) => state.online)).subscribe(() => void drain());
  holder.workspace$.pipe(filter((workspace) => workspace !== null)).subscribe(() => void drain());
  // A product deleted on this device or on another one (through replication): its waiting image is dropped and
  // its photo leaves the bucket.
  liveInWorkspace(holder, 'nothing', (workspace) => workspace.database.produtos.remove$).subscribe((event) => {
    const product = event.previousDocumentData;
    void (async () => {
      await forget(`${product.user_id}/${product.id}`);
      await discard(product.user_id, objectPathOf(product.imagem_url));
      await drain();
    })();
  });

  async function prepare(file: Blob, name: string, productId: string): Promise<QueuedImage> {
    const problem = checkImageFile({ name, type: file.type, size: file.size });
    if (problem) {
      throw DataError.invalid([
        { field: 'arquivo', code: problem, ...(problem === 'too_large' ? { limit: IMAGE_MAX_BYTES } : {}) },
      ]);
    }
    const workspace = await holder.current();
    const processed = await process(file);
    const now = workspace.now();
    return {
      id: `${workspace.userId}/${productId}`,
      userId: workspace.userId,
      productId,
      blob: processed.blob,
      contentType: processed.contentType,
      path: `${workspace.userId}/produtos/${objectName(now)}.${processed.extension}`,
      createdAt: now,
    };
  }
  async function uploadNow(entry: QueuedImage): Promise<ImageOutcome> {
    await drain();
    return entries.getValue().has(entry.id) ? 'saved_offline' : 'uploaded';
  }
  async function existing(productId: string) {
    const workspace = await holder.current();
    if (!(await workspace.database.produtos.findOne(productId).exec())) throw new DataError('not_found');
    return workspace;
  }

  return {
    handlers: {
      /** Sets a product's image: kept on the device first, then uploaded when possible. */
      async set(productId: string, file: Blob, name: string): Promise<ImageOutcome> {
        await existing(productId);
        const entry = await prepare(file, name, productId);
        await keep(entry);
        return uploadNow(entry);
      },
      /** Keeps the image chosen in the new-product form until the product is saved (it survives reloads). */
      async stage(file: Blob, name: string): Promise<void> {
        await keep(await prepare(file, name, STAGED));
      },
      /** Gives the staged image to the product just created (uploaded in the background); false when none. */
      async attachStaged(productId: string): Promise<boolean> {
        const workspace = await existing(productId);
        await loaded;
        const staged = entries.getValue().get(`${workspace.userId}/${STAGED}`);
        if (!staged) return false;
        await keep({ ...staged, id: `${workspace.userId}/${productId}`, productId });
        await forget(staged.id);
        void drain();
        return true;
      },
      async discardStaged(): Promise<void> {
        const workspace = await holder.current();
        await forget(`${workspace.userId}/${STAGED}`);
      },
      /** 'Imagem removida': the waiting image is dropped and the product's imagem_url cleared. */
      async remove(productId: string): Promise<void> {
        const workspace = await existing(productId);
        await forget(`${workspace.userId}/${productId}`);
        const previous = objectPathOf((await workspace.database.produtos.findOne(productId).exec())?.imagem_url);
        await patchOwned(workspace, 'produtos', productId, { imagem_url: null });
        await discard(workspace.userId, previous);
        await drain();
      },
      /** Tries the waiting uploads now; how many still wait. */
      async flush(): Promise<number> {
        await drain();
        const workspace = await holder.current();
        const uploads = [...entries.getValue().values()].filter(
          (entry) => entry.userId === workspace.userId && entry.productId !== STAGED,
        ).length;
        return uploads + [...removals.values()].filter((removal) => removal.userId === workspace.userId).length;
      },
    },
    live: {
      /** The images kept on this device for the signed-in owner, by product id ('novo': the form's). */
      localImages: (_params: undefined): Observable<Record<string, Blob>> =>
        liveInWorkspace(holder, 'nothing', (workspace) =>
          entries.pipe(
            map((all) => {
              const mine: Record<string, Blob> = {};
              for (const entry of all.values()) if (entry.userId === workspace.userId) mine[entry.productId] = entry.blob;
              return mine;
            }),
          ),
        ),
    },
  };
}
