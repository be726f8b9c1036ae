// The counter's settings on this device: the receipt roll's width (58 or 80 mm) and what follows a finished sale
// ('Ir para Relatórios', the spec's default, or 'Nova venda'). Kept in localStorage, shared by the open tabs.
import { useCallback, useSyncExternalStore } from 'react';
import type { RollWidth } from './receipt-model.ts';

export type AfterSale = 'relatorios' | 'nova_venda';

interface CounterSettings {
  readonly receiptRoll: RollWidth;
  readonly afterSale: AfterSale;
}

const KEYS: Record<keyof CounterSettings, string> = {
  receiptRoll: 'caderneta.counter.receiptRoll',
  afterSale: 'caderneta.counter.afterSale',
};

const DEFAULTS: CounterSettings = { receiptRoll: 58, afterSale: 'relatorios' };

function parse<Key extends keyof CounterSettings>(key: Key, stored: string | null): CounterSettings[Key] {
  const value: unknown = key === 'receiptRoll' ? Number(stored) : stored;
  const allowed: readonly unknown[] = key === 'receiptRoll' ? [58, 80] : ['relatorios', 'nova_venda'];
  return (allowed.includes(value) ? value : DEFAULTS[key]) as CounterSettings[Key];
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: keyof CounterSettings): string | null {
  try {
    return window.localStorage.getItem(KEYS[key]);
  } catch {
    return null;
  }
}

export function counterSetting<Key extends keyof CounterSettings>(key: Key): CounterSettings[Key] {
  return parse(key, read(key));
}

export function setCounterSetting<Key extends keyof CounterSettings>(key: Key, value: CounterSettings[Key]): void {
  try {
    window.localStorage.setItem(KEYS[key], String(value));
  } catch {
    // Storage refused (private mode): the choice lasts until the page closes at least.
  }
  listeners.forEach((listener) => {
    listener();
  });
}

export function useCounterSetting<Key extends keyof CounterSettings>(
  key: Key,
): readonly [CounterSettings[Key], (value: CounterSettings[Key]) => void] {
  const stored = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const set = useCallback(
    (value: CounterSettings[Key]) => {
      setCounterSetting(key, value);
    },
    [key],
  );
  return [parse(key, stored), set] as const;
}
