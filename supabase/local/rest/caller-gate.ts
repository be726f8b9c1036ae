// Turns for the database between callers: each caller runs a few requests at once and the rest of its requests wait
// in arrival order, so one caller's burst queues behind itself instead of ahead of every other caller.

/**
 * Resolves after `pauseMs`, during which the event loop keeps reading what clients sent (new connections included).
 * A caller's next request then starts only after requests that arrived meanwhile reached the database's queue:
 * PGlite holds the whole process while it runs a statement, and without this pause one caller's queue would run
 * back to back ahead of them.
 */
function afterPendingInput(pauseMs: number): Promise<void> {
  return new Promise((resolve) => {
    setImmediate(() => {
      if (pauseMs > 0) setTimeout(resolve, pauseMs);
      else resolve();
    });
  });
}

interface CallerTurns {
  running: number;
  /** Each takes the turn and says true, or says false when its request has already gone (the turn passes on). */
  waiting: (() => boolean)[];
}

export class CallerGate {
  private readonly callers = new Map<string, CallerTurns>();

  /** `pauseMs`: how long a turn waits before it passes to the same caller's next request (see afterPendingInput). */
  constructor(
    private readonly concurrency: number,
    private readonly pauseMs = 0,
  ) {}

  /** Requests of `key` running or waiting (0 once all are done). */
  load(key: string): number {
    const turns = this.callers.get(key);
    return turns ? turns.running + turns.waiting.length : 0;
  }

  /** Runs `task` in one of `key`'s turns; a request whose client goes away while waiting never runs. */
  async run<T>(key: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    let turns = this.callers.get(key);
    if (!turns) {
      turns = { running: 0, waiting: [] };
      this.callers.set(key, turns);
    }
    if (turns.running < this.concurrency) turns.running += 1;
    else await this.wait(turns, signal);
    try {
      return await task();
    } finally {
      this.pass(key, turns);
    }
  }

  /** The turn passes to the next request still waiting, or ends. */
  private pass(key: string, turns: CallerTurns): void {
    const next = turns.waiting.shift();
    if (next) {
      // A request that left during the pause gives the turn back instead of keeping it forever.
      void afterPendingInput(this.pauseMs).then(() => {
        if (!next()) this.pass(key, turns);
      });
    } else if (--turns.running === 0) this.callers.delete(key);
  }

  private wait(turns: CallerTurns, signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const begin = () => {
        if (settled) return false;
        settled = true;
        signal?.removeEventListener('abort', leave);
        resolve();
        return true;
      };
      const leave = () => {
        if (settled) return;
        settled = true;
        const index = turns.waiting.indexOf(begin);
        if (index >= 0) turns.waiting.splice(index, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      turns.waiting.push(begin);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }
}
