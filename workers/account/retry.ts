// Retries an attempt a fixed number of times with a fixed pause, stopping early when retrying cannot help.

export interface RetryPolicy<T> {
  /** Attempts after the first one. */
  readonly retries: number;
  /** Pause before each retry, in milliseconds. */
  readonly delayMs: number;
  /** Whether a failed result is worth another attempt (e.g. not while the device is offline). */
  readonly shouldRetry?: (result: T) => boolean;
  readonly sleep?: (ms: number) => Promise<void>;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `attempt` until `succeeded` says so or the retries run out; returns the last result. */
export async function withRetries<T>(attempt: () => Promise<T>, succeeded: (result: T) => boolean, policy: RetryPolicy<T>): Promise<T> {
  const sleep = policy.sleep ?? pause;
  let result = await attempt();
  for (let retry = 0; retry < policy.retries && !succeeded(result) && (policy.shouldRetry?.(result) ?? true); retry++) {
    await sleep(policy.delayMs);
    result = await attempt();
  }
  return result;
}
