// A value that follows another once it stops changing for `delayMs` (the customer search waits 400 ms, spec 2 §9).
import { useEffect, useState } from 'react';

export const CUSTOMER_SEARCH_DEBOUNCE_MS = 400;

export function useSettledValue<T>(value: T, delayMs: number): T {
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
