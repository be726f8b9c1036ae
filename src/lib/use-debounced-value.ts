// A value that follows another after it stops changing for `delayMs`: the client and customer searches wait
// 400 ms after the last keystroke (docs/product.md §9).
import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 400;

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delayMs]);
  return settled;
}
