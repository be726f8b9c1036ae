// Reads the reason an account command failed with (DataError details from the worker's account domain).
import type { AccountErrorReason } from '../../../workers/api.ts';
import { DataError } from '../../../workers/contract/errors.ts';

export interface AccountFailure {
  readonly reason: AccountErrorReason;
  /** False when the error did not come from the account domain at all. */
  readonly known: boolean;
  readonly pending?: number;
}

export function accountFailure(error: unknown): AccountFailure {
  if (error instanceof DataError) {
    const details = error.details as { reason?: AccountErrorReason; pending?: number } | undefined;
    if (details?.reason) return { reason: details.reason, known: true, pending: details.pending };
    if (error.code === 'offline') return { reason: 'offline', known: true };
  }
  return { reason: 'unknown', known: false };
}
