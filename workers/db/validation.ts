// Document validation on the device: a write the storage refused against its JSON schema (the server's CHECK and
// NOT NULL rules, schemas/*.json; db/validating-storage.ts) becomes a DataError with field issues.
import { DataError, type FieldIssue, type IssueCode } from '../contract/errors.ts';

/** One schema violation as ajv reports it (RxDB passes them through as `validationErrors`). */
export interface SchemaViolation {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** Patterns that say "so many characters once trimmed" (the SQL's char_length(btrim(x)) BETWEEN n AND …). */
const TRIMMED_MINIMUM: Readonly<Record<string, number>> = {
  '\\S': 1,
  '\\S[\\s\\S]*\\S': 2,
  '\\S[\\s\\S]+\\S': 3,
};

/** Keywords that only say "a sub-schema failed"; the failing keyword inside it is reported too. */
const SUMMARY_KEYWORDS = new Set(['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf']);

function valueAt(document: unknown, path: readonly string[]): unknown {
  let value: unknown = document;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function numberLimit(params: Readonly<Record<string, unknown>>): number | undefined {
  return typeof params.limit === 'number' ? params.limit : undefined;
}

function issueOf(violation: SchemaViolation, document: unknown): FieldIssue | null {
  if (SUMMARY_KEYWORDS.has(violation.keyword)) return null;
  const path = violation.instancePath.split('/').filter(Boolean);
  if (violation.keyword === 'required' && typeof violation.params.missingProperty === 'string') {
    return { field: [...path, violation.params.missingProperty].join('.'), code: 'required' };
  }
  const field = path.join('.');
  const value = valueAt(document, path);
  const code = ((): IssueCode => {
    switch (violation.keyword) {
      case 'type':
        if (value === null || value === undefined) return 'required';
        // ajv's `number` refuses NaN and ±Infinity, which Postgres' numeric would hold.
        return typeof value === 'number' ? 'not_a_number' : 'invalid_type';
      case 'minLength':
        return 'required';
      case 'maxLength':
        return 'too_long';
      case 'minItems':
        return 'empty_list';
      case 'maxItems':
        return 'too_long';
      case 'pattern': {
        const minimum = TRIMMED_MINIMUM[String(violation.params.pattern)];
        if (minimum === undefined) return 'invalid_format';
        return typeof value === 'string' && value.trim() !== '' ? 'too_short' : 'required';
      }
      case 'minimum':
        return Number.isFinite(value) ? 'too_small' : 'not_a_number';
      case 'exclusiveMinimum':
        return Number.isFinite(value) ? 'not_positive' : 'not_a_number';
      case 'maximum':
      case 'exclusiveMaximum':
        return Number.isFinite(value) ? 'too_large' : 'not_a_number';
      case 'enum':
      case 'const':
        return 'invalid_option';
      default:
        return 'invalid_type';
    }
  })();
  if (violation.keyword === 'additionalProperties' && typeof violation.params.additionalProperty === 'string') {
    return { field: [...path, violation.params.additionalProperty].join('.'), code };
  }
  const limit =
    violation.keyword === 'pattern' ? TRIMMED_MINIMUM[String(violation.params.pattern)] : numberLimit(violation.params);
  return limit === undefined || code === 'not_a_number' ? { field, code } : { field, code, limit };
}

/** The field issues of a refused document, one per field (the first violation found for it). */
export function documentIssues(violations: readonly SchemaViolation[], document: unknown): FieldIssue[] {
  const byField = new Map<string, FieldIssue>();
  for (const violation of violations) {
    const issue = issueOf(violation, document);
    if (issue && !byField.has(issue.field)) byField.set(issue.field, issue);
  }
  return [...byField.values()];
}

interface StorageWriteError {
  readonly status?: number;
  readonly validationErrors?: readonly SchemaViolation[];
  readonly writeRow?: { readonly document?: unknown };
}

/** Finds RxDB's refusal of a write by the schema, however deep RxDB wrapped it. */
function validationFailure(error: unknown): StorageWriteError | null {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): StorageWriteError | null => {
    if (typeof value !== 'object' || value === null || depth > 4 || seen.has(value)) return null;
    seen.add(value);
    const candidate = value as StorageWriteError & { parameters?: unknown; writeError?: unknown; errors?: unknown };
    if (candidate.status === 422 && Array.isArray(candidate.validationErrors)) return candidate;
    for (const next of [candidate.parameters, candidate.writeError, candidate.errors]) {
      const nested = Array.isArray(next) ? next.map((item) => visit(item, depth + 1)).find(Boolean) : visit(next, depth + 1);
      if (nested) return nested;
    }
    return null;
  };
  return visit(error, 0);
}

/** Runs a write; a schema refusal comes back as DataError('invalid_input') with the fields at fault. */
export async function validatedWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const failure = validationFailure(error);
    if (!failure?.validationErrors) throw error;
    const issues = documentIssues(failure.validationErrors, failure.writeRow?.document);
    throw DataError.invalid(issues, 'document refused by its schema');
  }
}
