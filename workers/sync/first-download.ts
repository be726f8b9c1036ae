// Whether this device has ever held everything the server keeps for its owner: a device that signs in for the
// first time is downloading until every collection's pull has reached the server's horizon once; the screens
// that read history say so instead of showing zeros and empty lists. Kept in a local document, so a reload in
// the middle of the first download is still downloading.
import { collectionNames } from '../../schemas/index.ts';
import type { LocalDatabase } from '../db/local-database.ts';

const KEY = 'first-download';

interface Stored {
  done: boolean;
}

/** How far the first download is: collections that reached the server's horizon, and rows received. */
export interface DownloadProgress {
  readonly collections: number;
  readonly caughtUp: number;
  readonly received: number;
}

export interface FirstDownload {
  /** True while this device has not yet received everything once. */
  readonly downloading: boolean;
  /** Records that everything was received (idempotent). */
  finish(): Promise<void>;
}

export async function openFirstDownload(database: LocalDatabase): Promise<FirstDownload> {
  const stored = (await database.getLocal<Stored>(KEY))?.toJSON().data;
  let downloading: boolean;
  if (stored) {
    downloading = !stored.done;
  } else {
    // No record: a device that already holds data has synced before this record existed; an empty one is new.
    const held = await Promise.all(collectionNames.map((name) => database.collections[name].findOne().exec()));
    downloading = held.every((doc) => doc === null);
    await database.upsertLocal<Stored>(KEY, { done: !downloading });
  }
  let finishing: Promise<unknown> | undefined;
  return {
    get downloading() {
      return downloading;
    },
    finish() {
      downloading = false;
      finishing ??= database.upsertLocal<Stored>(KEY, { done: true });
      return finishing.then(() => undefined);
    },
  };
}
