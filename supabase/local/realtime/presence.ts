// Phoenix Presence as realtime-js reads it: each channel tracks at most one entry under its presence key;
// a topic's state lists every key with its metas (`phx_ref` tells entries apart), and changes go out as diffs.
import { randomBytes } from 'node:crypto';

export interface PresenceEntry {
  key: string;
  meta: Record<string, unknown>;
}

export type PresenceState = Record<string, { metas: Record<string, unknown>[] }>;

/** A new entry for `payload` under `key`, with a fresh `phx_ref`. */
export function presenceEntry(key: string, payload: Record<string, unknown>): PresenceEntry {
  return { key, meta: { ...payload, phx_ref: randomBytes(12).toString('base64url') } };
}

/** The state made of `entries` (several channels may share one key: each adds a meta). */
export function presenceState(entries: readonly PresenceEntry[]): PresenceState {
  const state: PresenceState = {};
  for (const { key, meta } of entries) {
    const slot = state[key] ?? { metas: [] };
    slot.metas.push(meta);
    state[key] = slot;
  }
  return state;
}

/** The `presence_diff` payload for entries that joined and entries that left. */
export function presenceDiff(
  joins: readonly PresenceEntry[],
  leaves: readonly PresenceEntry[],
): { joins: PresenceState; leaves: PresenceState } {
  return { joins: presenceState(joins), leaves: presenceState(leaves) };
}
