// Three-way, field-by-field merge of a document edited on a device and on the server since a common base.
import { mergeText } from './text-merge.ts';

export type Doc = Readonly<Record<string, unknown>>;

export interface MergeRules {
  /** Free-text fields merged character-wise when both sides changed them. */
  textFields: readonly string[];
  /** Boolean fields where true, once set on either side, wins (`lido`, `_deleted`). */
  trueWinsFields: readonly string[];
  /** Fields never merged here (server-owned or derived): the server's value is kept. */
  serverFields: readonly string[];
  /** Orders edits: the later edit wins a field both sides changed. Must not depend on device clocks alone. */
  editOrder: (doc: Doc) => string;
  /**
   * Fields that only make sense together (a sale's lines and its total; its type and its client): each group
   * merges as one value, so a merge never pairs one side's lines with the other side's total.
   */
  fieldGroups?: readonly (readonly string[])[];
  /**
   * Groups of `fieldGroups` (by position) that must stand together: when `stands` says the merged document breaks the
   * bond, the dependent group is taken from the side the leading group came from (each side stood on its own), so a
   * merge never pairs one side's total with the other side's split payment.
   */
  boundGroups?: readonly BoundGroups[];
}

export interface BoundGroups {
  readonly leading: number;
  readonly dependent: number;
  readonly stands: (merged: Doc) => boolean;
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    // null and undefined are the same absence of a value
    return (a === null || a === undefined) && (b === null || b === undefined);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Doc)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Doc)[key] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => valuesEqual((a as Doc)[key], (b as Doc)[key]));
}

/** A total order of two values that does not depend on who compares them (for deterministic ties). */
function stableCompare(a: unknown, b: unknown): number {
  const left = JSON.stringify(a === undefined ? null : a);
  const right = JSON.stringify(b === undefined ? null : b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Merges `local` (this device) and `server` (the current master) edited from `base` (the master this
 * device last saw). A field changed on one side only takes that side; a field changed on both follows the
 * rules; deletion wins. Without a base every field counts as changed on both sides.
 */
export function mergeDocuments<T extends Doc>(input: { base: T | undefined; server: T; local: T }, rules: MergeRules): T {
  const { base, server, local } = input;
  const localIsLater = (() => {
    const order = stableCompare(rules.editOrder(local), rules.editOrder(server));
    return order === 0 ? stableCompare(local, server) > 0 : order > 0;
  })();
  const merged: Record<string, unknown> = {};
  const fields = new Set([...Object.keys(server), ...Object.keys(local)]);
  const groupSides = new Map<number, Doc>();
  for (const [index, group] of (rules.fieldGroups ?? []).entries()) {
    if (!group.some((field) => fields.has(field))) continue;
    const pick = (doc: Doc | undefined) => group.map((field) => doc?.[field]);
    const [serverValue, localValue, baseValue] = [pick(server), pick(local), pick(base)];
    const side =
      valuesEqual(serverValue, localValue) || (base && valuesEqual(localValue, baseValue))
        ? server
        : base && valuesEqual(serverValue, baseValue)
          ? local
          : localIsLater
            ? local
            : server;
    groupSides.set(index, side);
    for (const field of group) {
      fields.delete(field);
      if (side[field] !== undefined) merged[field] = side[field];
    }
  }
  for (const field of fields) {
    const serverValue = server[field];
    const localValue = local[field];
    const baseValue = base?.[field];
    if (rules.serverFields.includes(field)) {
      merged[field] = serverValue;
    } else if (rules.trueWinsFields.includes(field)) {
      merged[field] = serverValue === true || localValue === true;
    } else if (valuesEqual(serverValue, localValue)) {
      merged[field] = serverValue;
    } else if (base && valuesEqual(localValue, baseValue)) {
      merged[field] = serverValue;
    } else if (base && valuesEqual(serverValue, baseValue)) {
      merged[field] = localValue;
    } else if (base && rules.textFields.includes(field) && typeof serverValue === 'string' && typeof localValue === 'string') {
      merged[field] = mergeText(typeof baseValue === 'string' ? baseValue : '', localValue, serverValue);
    } else {
      merged[field] = localIsLater ? localValue : serverValue;
    }
  }
  keepBound(merged, groupSides, rules);
  return merged as T;
}

/** Where a bond between two merged groups breaks, the dependent group follows the side of the leading one. */
function keepBound(merged: Record<string, unknown>, groupSides: ReadonlyMap<number, Doc>, rules: MergeRules): void {
  for (const bound of rules.boundGroups ?? []) {
    const leadingSide = groupSides.get(bound.leading);
    const dependent = rules.fieldGroups?.[bound.dependent];
    if (!leadingSide || !dependent || groupSides.get(bound.dependent) === leadingSide || bound.stands(merged)) continue;
    for (const field of dependent) {
      if (leadingSide[field] === undefined) Reflect.deleteProperty(merged, field);
      else merged[field] = leadingSide[field];
    }
  }
}
