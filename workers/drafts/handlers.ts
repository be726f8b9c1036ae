// The drafts domain: a form kept across reloads (docs/product.md §4: product_draft) as a Y.Doc per owner and draft name,
// persisted on the device; read live, replaced as the owner types, cleared after a successful save.
import { Observable } from 'rxjs';
import * as Y from 'yjs';
import { parseInput } from '../contract/input.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { indexedDbDraftPersistence, type DraftPersistence, type DraftStore } from './persistence.ts';
import { draftFieldsSchema, draftNameSchema, type DraftFields } from './schema.ts';

export type { DraftFields } from './schema.ts';

interface OpenDraft {
  doc: Y.Doc;
  fields: Y.Map<string>;
  store: DraftStore;
}

export function createDraftsDomain(holder: WorkspaceHolder, persistence: DraftPersistence = indexedDbDraftPersistence) {
  const open = new Map<string, Promise<OpenDraft>>();

  /** The owner's draft doc, opened once and loaded from the device. */
  function draft(userId: string, name: string): Promise<OpenDraft> {
    const key = `${userId}-${name}`;
    let opened = open.get(key);
    if (!opened) {
      const doc = new Y.Doc();
      const store = persistence(key, doc);
      opened = store.ready.then(() => ({ doc, fields: doc.getMap<string>('campos'), store }));
      open.set(key, opened);
    }
    return opened;
  }
  async function current(name: string): Promise<OpenDraft> {
    const workspace = await holder.current();
    return draft(workspace.userId, parseInput(draftNameSchema, name));
  }
  const snapshot = (fields: Y.Map<string>): DraftFields | null => (fields.size === 0 ? null : fields.toJSON());

  return {
    handlers: {
      async get(name: string): Promise<DraftFields | null> {
        return snapshot((await current(name)).fields);
      },
      /** Replaces the draft with these fields (only the ones that changed are written). */
      async put(name: string, input: DraftFields): Promise<void> {
        const fields = parseInput(draftFieldsSchema, input);
        const opened = await current(name);
        opened.doc.transact(() => {
          for (const key of [...opened.fields.keys()]) if (!(key in fields)) opened.fields.delete(key);
          for (const [key, value] of Object.entries(fields)) if (opened.fields.get(key) !== value) opened.fields.set(key, value);
        });
      },
      /**
       * Empties the draft as one change to its doc, stored like any other: the doc stays bound to its store, so
       * what is typed after a save is kept across a reload too (forgetting the store would unbind it).
       */
      async clear(name: string): Promise<void> {
        const opened = await current(name);
        opened.doc.transact(() => {
          opened.fields.clear();
        });
      },
    },
    live: {
      /** A draft as it changes; null when there is none. */
      draft: (params: { name: string }): Observable<DraftFields | null> =>
        liveInWorkspace(
          holder,
          'nothing',
          (workspace) =>
            new Observable<DraftFields | null>((subscriber) => {
              let fields: Y.Map<string> | undefined;
              const emit = () => {
                if (fields) subscriber.next(snapshot(fields));
              };
              draft(workspace.userId, parseInput(draftNameSchema, params.name)).then(
                (opened) => {
                  fields = opened.fields;
                  fields.observe(emit);
                  emit();
                },
                (error: unknown) => {
                  subscriber.error(error);
                },
              );
              return () => {
                fields?.unobserve(emit);
              };
            }),
        ),
    },
  };
}
