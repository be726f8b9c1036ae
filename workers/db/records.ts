// The record helpers every owner-data domain writes with: ids, device timestamps, money in cents, and the
// insert / patch / soft removal of an owner's documents (validated against the schema, `not_found` alike).
import type { RxCollection } from 'rxdb';
import type { CollectionDocs } from '../../schemas/index.ts';
import { DataError } from '../contract/errors.ts';
import { validatedWrite } from './validation.ts';
import type { Workspace } from './workspace.ts';

export function newId(): string {
  return crypto.randomUUID();
}

/**
 * The time of an edit as ISO text (updated_at, created_at): the device clock corrected by the offset last
 * measured against the server, so that a phone whose clock is days off does not win every later edit.
 */
export function stampOf(workspace: Workspace): string {
  return new Date(workspace.clock.correctedNow()).toISOString();
}

/** The device's calendar date (yyyy-MM-dd) in its own time zone. */
export function todayOf(workspace: Workspace): string {
  const date = new Date(workspace.now());
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Rounds to cents without floating-point drift (1.005 → 1.01). */
export function cents(value: number): number {
  return Math.round(Number((value * 100).toFixed(6))) / 100;
}

type OwnedName = keyof CollectionDocs;
/** A document's own fields: what a command supplies; id, owner and stamps are added here. */
export type OwnedFields<Name extends OwnedName> = Omit<CollectionDocs[Name], 'id' | 'user_id' | 'created_at' | 'updated_at'>;

/**
 * Inserts a new document of the signed-in owner: a fresh id, the owner, created_at and updated_at from the
 * corrected clock. A document the schema refuses is not stored (DataError 'invalid_input' with its fields).
 */
export async function insertOwned<Name extends OwnedName>(
  workspace: Workspace,
  name: Name,
  fields: OwnedFields<Name>,
): Promise<string> {
  const id = newId();
  const now = stampOf(workspace);
  const collection = workspace.database[name] as unknown as RxCollection<CollectionDocs[Name]>;
  const document = {
    ...fields,
    id,
    user_id: workspace.userId,
    created_at: now,
    updated_at: now,
  } as unknown as CollectionDocs[Name];
  await validatedWrite(() => collection.insert(document));
  return id;
}

async function found<Name extends OwnedName>(workspace: Workspace, name: Name, id: string) {
  const collection = workspace.database[name] as unknown as RxCollection<CollectionDocs[Name]>;
  const doc = await collection.findOne(id).exec();
  if (!doc) throw new DataError('not_found', { diagnostic: `${name} ${id}` });
  return doc;
}

/** Changes fields of an existing document (stamped now); `not_found` when it does not exist (or was removed). */
export async function patchOwned<Name extends OwnedName>(
  workspace: Workspace,
  name: Name,
  id: string,
  changes: Partial<OwnedFields<Name>>,
): Promise<void> {
  const doc = await found(workspace, name, id);
  await validatedWrite(() =>
    doc.incrementalPatch({ ...changes, updated_at: stampOf(workspace) } as Partial<CollectionDocs[Name]>),
  );
}

/**
 * Removes a document: stamped first (so the deletion wins over older edits on other devices), then deleted;
 * the deletion replicates like any change. `not_found` when there is nothing to remove.
 */
export async function softRemove(workspace: Workspace, name: OwnedName, id: string): Promise<void> {
  const doc = await found(workspace, name, id);
  const stamped = await doc.incrementalModify((data) => ({ ...data, updated_at: stampOf(workspace) }));
  await stamped.remove();
}
