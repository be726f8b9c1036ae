// How the admin domain reaches the server: online only (DataError 'offline' otherwise), with the signed-in
// supabase-js client, and PostgREST's answers turned into DataError codes (42501 → forbidden, P0002 → not_found).
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { DataError } from '../contract/errors.ts';
import type { ConnectivitySource } from '../system/connectivity.ts';

export interface AdminServer {
  /** The signed-in client, or DataError 'offline' when the device is offline. */
  online(): SupabaseClient;
}

export function createAdminServer(client: () => SupabaseClient, connectivity: ConnectivitySource): AdminServer {
  return {
    online() {
      if (!connectivity.current().online) throw new DataError('offline');
      return client();
    },
  };
}

/** A PostgREST failure as a DataError; the server's own sentence stays in the details for diagnostics. */
export function serverError(error: PostgrestError | null, status: number): DataError {
  const details = { serverCode: error?.code, serverMessage: error?.message };
  const diagnostic = error?.message ?? `HTTP ${status}`;
  if (status === 0) return new DataError('offline', { diagnostic, details });
  if (error?.code === '42501' || status === 401 || status === 403) return new DataError('forbidden', { diagnostic, details });
  if (error?.code === 'PT429' || status === 429) return new DataError('rate_limited', { diagnostic, details });
  if (error?.code === 'P0002') return new DataError('not_found', { diagnostic, details });
  if (error?.code === '22023') return new DataError('invalid_input', { diagnostic, details });
  return new DataError('internal', { diagnostic, details });
}

/** The rows of an answer, or its failure thrown. */
export function rowsOrThrow<Row>(answer: { data: Row[] | null; error: PostgrestError | null; status: number }): Row[] {
  if (answer.error) throw serverError(answer.error, answer.status);
  return answer.data ?? [];
}

/** A fetch that never reached the server (no network) is `offline`, not `internal`. */
export async function reaching<T>(work: () => PromiseLike<T>): Promise<T> {
  try {
    return await work();
  } catch (failure) {
    if (failure instanceof DataError) throw failure;
    if (failure instanceof TypeError) throw new DataError('offline', { diagnostic: failure.message });
    throw DataError.from(failure);
  }
}
