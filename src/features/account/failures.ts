// Reads what an account command failed with: the DataError code from the worker's account domain.
import type { DataErrorCode } from '../../../workers/contract/errors.ts';
import { DataError } from '../../../workers/contract/errors.ts';

export interface AccountFailure {
  readonly reason: DataErrorCode;
  /** False when the failure was not a DataError at all (a bug or a broken worker). */
  readonly known: boolean;
  readonly pending?: number;
  /** What the server wrote for the user (the admin's reason for a suspension). */
  readonly serverMessage?: string;
}

export function accountFailure(error: unknown): AccountFailure {
  if (error instanceof DataError) {
    return { reason: error.code, known: true, pending: error.details?.pending, serverMessage: error.details?.serverMessage };
  }
  return { reason: 'internal', known: false };
}
