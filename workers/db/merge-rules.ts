// How concurrent edits of each collection merge (DESIGN §4): text character-wise, deletion and `lido` win,
// server-owned fields from the server, everything else field by field with the later edit winning.
import type { RxConflictHandler, WithDeleted } from 'rxdb';
import { mergeDocuments, valuesEqual, type Doc, type MergeRules } from '../sync/merge.ts';

/** Fields only the server writes: the revision marker and the counters it derives from facts. */
export const SERVER_FIELDS = ['server_modified', 'estoque', 'saldo_devedor'] as const;

export const collectionMergeRules: MergeRules = {
  textFields: ['descricao', 'observacoes', 'observacao'],
  trueWinsFields: ['_deleted', 'lido'],
  serverFields: SERVER_FIELDS,
  editOrder: (doc) => (typeof doc.updated_at === 'string' ? doc.updated_at : ''),
  // A sale's lines and total, and its type, client and payment, each change together (workers/sales/edit.ts).
  fieldGroups: [
    ['itens', 'total'],
    ['tipo', 'cliente_id', 'forma_pagamento', 'forma_pagamento_descricao'],
  ],
};

const serverFieldSet: ReadonlySet<string> = new Set(SERVER_FIELDS);

function withoutServerFields(doc: Doc): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([field]) => !serverFieldSet.has(field)));
}

export function createConflictHandler<T extends Doc>(rules: MergeRules = collectionMergeRules): RxConflictHandler<T> {
  return {
    isEqual: (a, b) => valuesEqual(withoutServerFields(a), withoutServerFields(b)),
    resolve: (input) =>
      Promise.resolve(
        mergeDocuments<WithDeleted<T>>(
          {
            base: input.assumedMasterState,
            server: input.realMasterState,
            local: input.newDocumentState,
          },
          rules,
        ),
      ),
  };
}
