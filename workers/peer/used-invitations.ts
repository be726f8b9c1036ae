// Invitations this device has used (read as the answering device, or paired through as the inviting one), kept in
// a local document of the owner's database until they expire: an app restarted, or another tab, still refuses a
// code read a second time. Bounded: an expired invitation is refused by its expiry and its entry is dropped.
import type { LocalDatabase } from '../db/local-database.ts';

const KEY_DOCUMENT = 'convites-usados';
/** Far more pairings than fit in an invitation's lifetime; past it the soonest to expire go first. */
const MAX_KEPT = 200;

interface UsedEntry {
  invite: string;
  /** When the invitation stops being good (ms since the epoch, server time). */
  expires: number;
}

interface UsedDocument {
  entries: UsedEntry[];
}

export interface UsedInvitations {
  has(invite: string): Promise<boolean>;
  /** Keeps `invite` as used until `keepUntil` (its expiry and the clock tolerance); resolves once stored. */
  add(invite: string, keepUntil: number): Promise<void>;
}

/** `now` is the server time as this device knows it. */
export function usedInvitations(database: LocalDatabase, now: () => number): UsedInvitations {
  let writing: Promise<unknown> = Promise.resolve();

  const entries = async (): Promise<readonly UsedEntry[]> => {
    const kept: unknown = (await database.getLocal<UsedDocument>(KEY_DOCUMENT))?.toJSON().data.entries;
    return Array.isArray(kept) ? (kept as UsedEntry[]) : [];
  };

  return {
    async has(invite) {
      await writing;
      return (await entries()).some((entry) => entry.invite === invite);
    },
    add(invite, keepUntil) {
      const write = writing.then(async () => {
        const current = now();
        const kept = (await entries())
          .filter((entry) => entry.expires >= current && entry.invite !== invite)
          .concat({ invite, expires: keepUntil })
          .sort((a, b) => b.expires - a.expires)
          .slice(0, MAX_KEPT);
        await database.upsertLocal<UsedDocument>(KEY_DOCUMENT, { entries: kept });
      });
      writing = write.catch(() => undefined);
      return write;
    },
  };
}
