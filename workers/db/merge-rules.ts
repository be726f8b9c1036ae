// How concurrent edits of each collection merge (docs/sync.md): text character-wise, deletion and `lido` win,
// server-owned fields from the server, everything else field by field with the later edit winning. A
// collection the server alone writes (the counters' bases) has no edits to merge: its newest server version wins.
import type { RxConflictHandler, WithDeleted } from 'rxdb';
import { foldedCollections, serverDerivedCollections, type CollectionName } from '../../schemas/index.ts';
import { mergeDocuments, valuesEqual, type Doc, type MergeRules } from '../sync/merge.ts';
import { compareTimestamps } from '../sync/server-time.ts';
import { partsProblem, type PaidSale, type PaymentPart } from '../till/summary.ts';

/** Fields only the server writes: the revision marker and the counters it derives from facts. */
export const SERVER_FIELDS = ['server_modified', 'estoque', 'saldo_devedor'] as const;

export const collectionMergeRules: MergeRules = {
  textFields: ['descricao', 'observacoes', 'observacao'],
  trueWinsFields: ['_deleted', 'lido'],
  serverFields: SERVER_FIELDS,
  editOrder: (doc) => (typeof doc.updated_at === 'string' ? doc.updated_at : ''),
  // A sale's lines, total and discount, and its type, client and payment, each change together (workers/sales/edit.ts).
  fieldGroups: [
    ['itens', 'total', 'desconto'],
    ['tipo', 'cliente_id', 'forma_pagamento', 'forma_pagamento_descricao', 'valor_recebido', 'pagamentos'],
  ],
  // A split payment's parts add up to the total (docs/product.md §10): lines edited on one device and parts on
  // another could merge into parts that do not, which the server refuses; then the payment follows the lines.
  boundGroups: [{ leading: 0, dependent: 1, stands: splitPaymentStands }],
};

/** Whether a merged document's split payment still stands with its total and type (anything without parts does). */
function splitPaymentStands(doc: Doc): boolean {
  const parts = doc.pagamentos;
  if (!Array.isArray(parts) || typeof doc.total !== 'number') return true;
  const sale: PaidSale = {
    tipo: doc.tipo === 'fiado' ? 'fiado' : 'avista',
    total: doc.total,
    pagamentos: parts as readonly PaymentPart[],
  };
  return partsProblem(sale) === null;
}

const serverFieldSet: ReadonlySet<string> = new Set(SERVER_FIELDS);

function withoutServerFields(doc: Doc): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([field]) => !serverFieldSet.has(field)));
}

/** RxDB's question, before it writes a pulled server version over the device's copy: are they the same? */
const PULLED_VERSION_CHECK = 'downstream-check-if-equal-1';

export interface ConflictHandlerOptions {
  /**
   * A copy whose fields are the server's but whose `server_modified` is older (the echo of the device's own push)
   * takes the newer stamp: for a fact, that stamp tells whether a base already folds it. A copy never takes an
   * older stamp (a peer may hand over a version it had pulled earlier).
   */
  stampsServerVersions?: boolean;
}

export function createConflictHandler<T extends Doc>(
  rules: MergeRules = collectionMergeRules,
  options: ConflictHandlerOptions = {},
): RxConflictHandler<T> {
  return {
    // In the pulled-version check, RxDB passes the pulled version first and the device's copy second.
    isEqual: (a, b, context) =>
      valuesEqual(withoutServerFields(a), withoutServerFields(b)) &&
      (options.stampsServerVersions !== true ||
        context !== PULLED_VERSION_CHECK ||
        compareTimestamps(a.server_modified as string | null, b.server_modified as string | null) <= 0),
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

/** A collection only the server writes: two copies are equal only when every field is, and the newer one wins. */
export function createServerVersionHandler<T extends Doc>(): RxConflictHandler<T> {
  return {
    isEqual: (a, b) => valuesEqual(a, b),
    resolve: ({ realMasterState, newDocumentState }) =>
      Promise.resolve(
        compareTimestamps(newDocumentState.server_modified as string | null, realMasterState.server_modified as string | null) > 0
          ? newDocumentState
          : realMasterState,
      ),
  };
}

/** The handler of each collection. */
export function conflictHandlerOf<T extends Doc>(name: CollectionName): RxConflictHandler<T> {
  if (serverDerivedCollections.has(name)) return createServerVersionHandler<T>();
  return createConflictHandler<T>(collectionMergeRules, { stampsServerVersions: foldedCollections.has(name) });
}
