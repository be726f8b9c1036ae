// Reading supabase-js answers in tests: the data of a successful answer, or a failed test showing the error.
import { expect } from 'vitest';

/** The rows of a successful answer (fails the test with the error otherwise). */
export function rowsOf<R>(result: { data: R[] | null; error: unknown }): R[] {
  expect(result.error).toBeNull();
  expect(Array.isArray(result.data)).toBe(true);
  return result.data ?? [];
}

/** The value of a successful answer (fails the test with the error otherwise). */
export function rowOf<T>(result: { data: T | null; error: unknown }): T {
  expect(result.error).toBeNull();
  return result.data as T;
}
