// The scanner's acceptance rules (docs/product.md §9): a code is accepted once read twice in a row, and the same code
// accepted again within 1 s is ignored (the camera still sees the label after a hit).

export const SCAN_CONFIRMATIONS = 2;
export const SCAN_REPEAT_WINDOW_MS = 1000;

export interface ScanAcceptor {
  /** One decoded read; the code when this read accepts it, otherwise null. */
  offer(code: string): string | null;
  /** Forgets the reads in progress (a new scanning session keeps the repeat window). */
  reset(): void;
}

export function createScanAcceptor(
  options: { now?: () => number; confirmations?: number; repeatWindowMs?: number } = {},
): ScanAcceptor {
  const now = options.now ?? Date.now;
  const confirmations = options.confirmations ?? SCAN_CONFIRMATIONS;
  const repeatWindowMs = options.repeatWindowMs ?? SCAN_REPEAT_WINDOW_MS;
  let candidate: string | null = null;
  let reads = 0;
  let accepted: { code: string; at: number } | null = null;

  return {
    offer(code) {
      if (code === '') return null;
      if (code === candidate) reads += 1;
      else {
        candidate = code;
        reads = 1;
      }
      if (reads < confirmations) return null;
      candidate = null;
      reads = 0;
      const at = now();
      if (accepted && accepted.code === code && at - accepted.at < repeatWindowMs) return null;
      accepted = { code, at };
      return code;
    },
    reset() {
      candidate = null;
      reads = 0;
    },
  };
}
