// Errors that cross the worker boundary as data: a stable code, the fields at fault, never a sentence. The UI
// turns codes into the spec's Portuguese (src/i18n/errors.ts); the worker never writes user-facing text.

/** Why a command failed. Every code has a Portuguese message in the UI's catalogue (a test checks it). */
export const DATA_ERROR_CODES = [
  // Any command
  'offline',
  'not_signed_in',
  'forbidden',
  'not_found',
  'invalid_input',
  'limit_reached',
  'unknown_query',
  'internal',
  // Account and session
  'invalid_credentials',
  'email_not_confirmed',
  'user_not_found',
  'user_already_exists',
  'weak_password',
  'same_password',
  'otp_expired',
  'rate_limited',
  'account_suspended',
  'ip_blocked',
  'profile_failed',
  'unsynced_changes',
  'function_failed',
  // The admin's second factor: the authenticator's code is wrong or too old
  'mfa_code_invalid',
  // A change sent online over a revision the server no longer holds (a sale changed or cancelled elsewhere)
  'stale_revision',
  // Pairing with another device of the owner
  'peer_code_invalid',
  'peer_code_used',
  'peer_code_expired',
  'peer_other_owner',
  'peer_same_device',
  'peer_key_missing',
] as const;

export type DataErrorCode = (typeof DATA_ERROR_CODES)[number];

/** What is wrong with one field; the same codes come from the command schemas and the document validation. */
export const ISSUE_CODES = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_large',
  'not_positive',
  'not_a_number',
  'invalid_format',
  'invalid_option',
  'invalid_type',
  'empty_list',
  'exceeds_balance',
  'unchanged',
  'duplicate',
  // A split payment's parts (docs/product.md §10; the rule is partsProblem in workers/till/summary.ts)
  'too_few_parts',
  'repeated_method',
  'parts_do_not_add_up',
  'fiado_part_type',
] as const;

export type IssueCode = (typeof ISSUE_CODES)[number];

export interface FieldIssue {
  /** The field's path in the command's input or the document, dot-separated (`itens.0.quantidade`). */
  readonly field: string;
  readonly code: IssueCode;
  /** The bound that was crossed (a length or a minimum), for messages such as 'Máximo de 500 caracteres.'. */
  readonly limit?: number;
}

/** Facts a message may need; never a sentence of ours. */
export interface DataErrorDetails {
  /** Changes on this device not yet on the server (`unsynced_changes`). */
  readonly pending?: number;
  /** The plan's cap that was reached (`limit_reached`), e.g. the free plan's products. */
  readonly limit?: number;
  /** A message the server wrote for the user (an edge function's JSON `error`, spec doc 2 §8). */
  readonly serverMessage?: string;
  /** What the server answered, for diagnostics (a Postgres or HTTP code). */
  readonly serverCode?: string;
}

export interface DataErrorOptions {
  readonly issues?: readonly FieldIssue[];
  readonly details?: DataErrorDetails;
  /** For developers reading logs: what went wrong underneath (e.g. the provider's English message). */
  readonly diagnostic?: string;
}

export interface SerializedDataError {
  readonly kind: 'DataError';
  readonly code: DataErrorCode;
  readonly issues: readonly FieldIssue[];
  readonly details?: DataErrorDetails;
  readonly diagnostic?: string;
}

export class DataError extends Error {
  override readonly name = 'DataError';
  readonly issues: readonly FieldIssue[];
  readonly details: DataErrorDetails | undefined;
  readonly diagnostic: string | undefined;

  constructor(
    readonly code: DataErrorCode,
    options: DataErrorOptions = {},
  ) {
    super(options.diagnostic ? `${code}: ${options.diagnostic}` : code);
    this.issues = options.issues ?? [];
    this.details = options.details;
    this.diagnostic = options.diagnostic;
  }

  /** The first issue of `field`, if any. */
  issueOf(field: string): FieldIssue | undefined {
    return this.issues.find((issue) => issue.field === field);
  }

  toJSON(): SerializedDataError {
    return { kind: 'DataError', code: this.code, issues: this.issues, details: this.details, diagnostic: this.diagnostic };
  }

  static fromJSON(value: SerializedDataError): DataError {
    return new DataError(isDataErrorCode(value.code) ? value.code : 'internal', {
      issues: value.issues,
      details: value.details,
      diagnostic: value.diagnostic,
    });
  }

  /** Any thrown value as a DataError: ours pass through, anything else becomes `internal`. */
  static from(error: unknown): DataError {
    if (error instanceof DataError) return error;
    if (isSerializedDataError(error)) return DataError.fromJSON(error);
    const diagnostic = error instanceof Error ? error.message : String(error);
    return new DataError('internal', { diagnostic });
  }

  /** Refuses an input: `invalid_input` with the fields at fault. */
  static invalid(issues: readonly FieldIssue[], diagnostic?: string): DataError {
    return new DataError('invalid_input', { issues, diagnostic });
  }
}

export function isDataErrorCode(value: unknown): value is DataErrorCode {
  return typeof value === 'string' && (DATA_ERROR_CODES as readonly string[]).includes(value);
}

export function isSerializedDataError(value: unknown): value is SerializedDataError {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'DataError';
}
