// Which sale's receipt is open: asked for by the success toast of a finished sale or by the sale's details,
// shown by the one receipt dialog the owner's frame holds (it outlives the page change after a sale).
import { useSyncExternalStore } from 'react';

let openSaleId: string | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => {
    listener();
  });
}

export function openReceipt(saleId: string): void {
  openSaleId = saleId;
  notify();
}

export function closeReceipt(): void {
  openSaleId = null;
  notify();
}

export function useReceiptRequest(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => openSaleId,
  );
}
