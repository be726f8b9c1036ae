// What every storage handler is given: the database, the stack settings, where bytes live and the size cap.
import type { Database } from '../db/database.ts';
import type { StackConfig } from '../config.ts';
import type { BlobStore } from './blobs.ts';

export interface StorageContext {
  db: Database;
  config: StackConfig;
  blobs: BlobStore;
  /** Largest object accepted, whatever the bucket says (Supabase's global file size limit). */
  maxFileBytes: number;
}
