// Where object bytes live: one file per object version under the stack's data folder, or memory when the stack
// has none. Files are named by version uuid only, so no user input ever reaches a file-system path.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface BlobStore {
  write(version: string, data: Uint8Array): Promise<void>;
  /** The bytes of a version, or null when they are missing. */
  read(version: string): Promise<Uint8Array | null>;
  remove(versions: readonly string[]): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function checked(version: string): string {
  if (!UUID.test(version)) throw new Error(`versão de objeto inválida: ${version}`);
  return version;
}

export function memoryBlobStore(): BlobStore {
  const blobs = new Map<string, Uint8Array>();
  return {
    write(version, data) {
      blobs.set(checked(version), data);
      return Promise.resolve();
    },
    read(version) {
      return Promise.resolve(blobs.get(version) ?? null);
    },
    remove(versions) {
      for (const version of versions) blobs.delete(version);
      return Promise.resolve();
    },
  };
}

export function diskBlobStore(root: string): BlobStore {
  const fileOf = (version: string) => join(root, checked(version).slice(0, 2), version);
  const madeFolders = new Set<string>();
  return {
    async write(version, data) {
      const target = fileOf(version);
      const folder = join(target, '..');
      if (!madeFolders.has(folder)) {
        await mkdir(folder, { recursive: true });
        madeFolders.add(folder);
      }
      // Written beside and renamed: a crash never leaves half a file under a live version.
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, data);
      } catch (error) {
        // The folder went away under us (data reset while running): make it again, once.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(folder, { recursive: true });
        await writeFile(partial, data);
      }
      await rename(partial, target);
    },
    async read(version) {
      try {
        return new Uint8Array(await readFile(fileOf(version)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(versions) {
      await Promise.all(versions.map((version) => rm(fileOf(version), { force: true })));
    },
  };
}

/** Files under `<dataDir>/storage` when the stack keeps data on disk, memory otherwise. */
export function blobStoreFor(dataDir: string | undefined): BlobStore {
  return dataDir === undefined ? memoryBlobStore() : diskBlobStore(join(dataDir, 'storage'));
}
