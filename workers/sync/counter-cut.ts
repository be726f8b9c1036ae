// Today's cut of the counters' bases (docs/growth.md §4): the syncing tab asks the server to move the owner's cut
// to the start of the owner's day when it goes online, when a sync is asked for, and once a day has passed since
// the cut it last saw. The server folds the facts before the cut into the bases; the new bases reach the device
// like any pulled row. A failure changes nothing here (the bases held stay exact with the facts since their cut)
// and is not shown to the owner: the next occasion asks again.
import type { SupabaseClient } from '@supabase/supabase-js';

const DAY_MS = 86_400_000;

export interface CutRequests {
  /** Asks the server now; resolves once it answered or failed (never rejects). */
  ask(): Promise<void>;
  /** Asks only when a day has passed since the cut the server last gave (or when it never gave one). */
  askIfDayTurned(): Promise<void>;
  /** Resolves at once when the server has given a cut; otherwise asks now (a failure resolves too). */
  answeredOnce(): Promise<void>;
}

export interface CutRequestOptions {
  client: SupabaseClient;
  /** Server-corrected time (ms since the epoch). */
  now: () => number;
  /** The server answered with a cut: its bases may have moved. */
  onAnswer: () => void;
}

export function askForTodaysCut(options: CutRequestOptions): CutRequests {
  let lastCut: number | null = null;
  let inFlight: Promise<void> | undefined;

  function ask(): Promise<void> {
    inFlight ??= (async () => {
      try {
        const answer: { data: unknown; error: Error | null } = await options.client.rpc('avancar_corte');
        const cut = typeof answer.data === 'string' ? Date.parse(answer.data) : Number.NaN;
        if (answer.error || !Number.isFinite(cut)) return;
        lastCut = cut;
        options.onAnswer();
      } catch {
        // Unreachable server or a network failure: asked again at the next occasion.
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  return {
    ask,
    askIfDayTurned: () => (lastCut === null || options.now() >= lastCut + DAY_MS ? ask() : Promise.resolve()),
    answeredOnce: () => (lastCut === null ? ask() : Promise.resolve()),
  };
}
