// Teaches comlink to carry DataError across postMessage with its code intact, in both directions.
import { transferHandlers, type TransferHandler } from 'comlink';
import { DataError, isSerializedDataError, type SerializedDataError } from './errors.ts';

interface ThrownValue {
  value: unknown;
}

/**
 * Replaces comlink's built-in "throw" handler (which keeps only name, message and stack) with one that
 * turns every thrown value into a serialized DataError and back.
 */
const dataErrorThrowHandler: TransferHandler<ThrownValue, SerializedDataError> = {
  canHandle: (value): value is ThrownValue => typeof value === 'object' && value !== null && isThrown(value),
  serialize: ({ value }) => [DataError.from(value).toJSON(), []],
  deserialize: (serialized) => {
    throw isSerializedDataError(serialized) ? DataError.fromJSON(serialized) : DataError.from(serialized);
  },
};

function isThrown(value: object): boolean {
  // comlink wraps thrown values as { value, [Symbol('Comlink.thrown')]: 0 }; the symbol is private to it.
  return Object.getOwnPropertySymbols(value).some((symbol) => symbol.description === 'Comlink.thrown');
}

let installed = false;
export function installDataErrorTransfer(): void {
  if (installed) return;
  installed = true;
  transferHandlers.set('throw', dataErrorThrowHandler);
}
