// Character-wise merge of two concurrent edits of the same text, through Yjs.
import * as Y from 'yjs';

/** The smallest single replacement that turns `from` into `to`: common prefix and suffix are kept. */
export function textDelta(from: string, to: string): { index: number; deleteCount: number; insert: string } {
  const fromChars = Array.from(from);
  const toChars = Array.from(to);
  let prefix = 0;
  while (prefix < fromChars.length && prefix < toChars.length && fromChars[prefix] === toChars[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < fromChars.length - prefix &&
    suffix < toChars.length - prefix &&
    fromChars[fromChars.length - 1 - suffix] === toChars[toChars.length - 1 - suffix]
  ) {
    suffix++;
  }
  // Yjs indexes by UTF-16 code units; convert the character counts back.
  const index = fromChars.slice(0, prefix).join('').length;
  const deleted = fromChars.slice(prefix, fromChars.length - suffix).join('').length;
  return { index, deleteCount: deleted, insert: toChars.slice(prefix, toChars.length - suffix).join('') };
}

function editedCopy(baseUpdate: Uint8Array, clientId: number, base: string, edited: string): Y.Doc {
  const doc = new Y.Doc();
  doc.clientID = clientId;
  Y.applyUpdate(doc, baseUpdate);
  const text = doc.getText('t');
  const delta = textDelta(base, edited);
  doc.transact(() => {
    if (delta.deleteCount > 0) text.delete(delta.index, delta.deleteCount);
    if (delta.insert) text.insert(delta.index, delta.insert);
  });
  return doc;
}

/**
 * Merges two versions edited concurrently from `base`. Both edits survive where they touch different parts
 * of the text; the result does not depend on which side is passed first.
 */
export function mergeText(base: string, ours: string, theirs: string): string {
  if (ours === theirs) return ours;
  if (ours === base) return theirs;
  if (theirs === base) return ours;
  const origin = new Y.Doc();
  origin.clientID = 1;
  origin.getText('t').insert(0, base);
  const baseUpdate = Y.encodeStateAsUpdate(origin);
  // Client ids decide the order of inserts at the same place; tie them to the content, not to the caller.
  const [first, second] = ours < theirs ? [ours, theirs] : [theirs, ours];
  const merged = editedCopy(baseUpdate, 2, base, first);
  Y.applyUpdate(merged, Y.encodeStateAsUpdate(editedCopy(baseUpdate, 3, base, second)));
  return merged.getText('t').toJSON();
}
