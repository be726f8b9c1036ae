// Whether this device has ever held everything the server keeps for its owner (docs/growth.md §7): a device that
// signs in for the first time downloads in two phases. Phase 1 ends when every collection's live pull has reached
// the server's horizon once (the catalogue, the bases and the facts since the cut: stock and balances are exact,
// the device is ready to sell); phase 2 when the older part of the window is in too. The screens that read
// history say so meanwhile instead of showing zeros and empty lists. Kept in a local document, so a reload in the
// middle of either phase resumes it.
import { collectionNames } from '../../schemas/index.ts';
import type { LocalDatabase } from '../db/local-database.ts';

const KEY = 'first-download';

interface Stored {
  done: boolean;
  /** Phase 1 is over (absent in records written before the phases: read as `done`). */
  readyToSell?: boolean;
}

/**
 * How far the first download is: whether phase 1 is over, the parts that reached the server (every collection's
 * live pull, then every windowed collection's older part) out of all of them, and the rows pulled in this session.
 */
export interface DownloadProgress {
  readonly readyToSell: boolean;
  readonly collections: number;
  readonly caughtUp: number;
  readonly received: number;
}

export interface FirstDownload {
  /** True while this device has not yet received everything once. */
  readonly downloading: boolean;
  /** True once phase 1 is over (also while phase 2 runs, and after it). */
  readonly readyToSell: boolean;
  /** Records that phase 1 is over (idempotent). */
  sellable(): Promise<void>;
  /** Records that everything was received (idempotent). */
  finish(): Promise<void>;
}

export async function openFirstDownload(database: LocalDatabase): Promise<FirstDownload> {
  const stored = (await database.getLocal<Stored>(KEY))?.toJSON().data;
  let downloading: boolean;
  let readyToSell: boolean;
  if (stored) {
    downloading = !stored.done;
    readyToSell = stored.readyToSell ?? stored.done;
  } else {
    // No record: a device that already holds data has synced before this record existed; an empty one is new.
    const held = await Promise.all(collectionNames.map((name) => database.collections[name].findOne().exec()));
    downloading = held.every((doc) => doc === null);
    readyToSell = !downloading;
    await database.upsertLocal<Stored>(KEY, { done: !downloading, readyToSell });
  }
  let writing: Promise<unknown> = Promise.resolve();
  const save = () => {
    writing = writing.then(() => database.upsertLocal<Stored>(KEY, { done: !downloading, readyToSell }));
    return writing.then(() => undefined);
  };
  return {
    get downloading() {
      return downloading;
    },
    get readyToSell() {
      return readyToSell;
    },
    sellable() {
      if (readyToSell) return writing.then(() => undefined);
      readyToSell = true;
      return save();
    },
    finish() {
      if (!downloading) return writing.then(() => undefined);
      downloading = false;
      readyToSell = true;
      return save();
    },
  };
}
