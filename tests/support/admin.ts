// The admin stack tests' shared setup: a signed-in admin's client (app_metadata role admin) and the DataError a
// refused call throws.
import type { SupabaseClient } from '@supabase/supabase-js';
import { DataError } from '../../workers/contract/errors.ts';
import type { TestStack } from './stack.ts';

/** A client acting as `adminId`, signed in with app_metadata role admin. */
export async function adminClientOf(stack: TestStack, adminId: string): Promise<SupabaseClient> {
  return stack.client(await stack.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' } }));
}

/** The DataError `promise` rejects with (anything else is rethrown; a success fails the test). */
export async function failure(promise: Promise<unknown>): Promise<DataError> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof DataError) return thrown;
    throw thrown;
  }
  throw new Error('expected a DataError');
}
