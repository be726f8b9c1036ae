// Errors that cross the worker boundary as data: a stable code the UI maps to a Portuguese message.
export type DataErrorCode =
  | 'offline'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'invalid_input'
  | 'limit_reached'
  | 'unknown_subscription'
  | 'internal';

export interface SerializedDataError {
  readonly kind: 'DataError';
  readonly code: DataErrorCode;
  readonly message: string;
  readonly details?: unknown;
}

export class DataError extends Error {
  override readonly name = 'DataError';

  constructor(
    readonly code: DataErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  toJSON(): SerializedDataError {
    return { kind: 'DataError', code: this.code, message: this.message, details: this.details };
  }

  static fromJSON(value: SerializedDataError): DataError {
    return new DataError(value.code, value.message, value.details);
  }

  /** Any thrown value as a DataError: ours pass through, anything else becomes `internal`. */
  static from(error: unknown): DataError {
    if (error instanceof DataError) return error;
    if (isSerializedDataError(error)) return DataError.fromJSON(error);
    const message = error instanceof Error ? error.message : String(error);
    return new DataError('internal', message);
  }
}

export function isSerializedDataError(value: unknown): value is SerializedDataError {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'DataError';
}
