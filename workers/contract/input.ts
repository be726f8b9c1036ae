// The building blocks of the command schemas (workers/<domain>/schema.ts): Valibot rules whose messages are
// issue codes, and the one function that checks an input, used by the worker before a write and by the forms.
import * as v from 'valibot';
import { DataError, ISSUE_CODES, type FieldIssue, type IssueCode } from './errors.ts';

/** The largest values of the server's numeric(12,2) and numeric(14,3) columns. */
export const MAX_MONEY = 9_999_999_999.99;
export const MAX_QUANTITY = 99_999_999_999.999;

const isIssueCode = (value: string): value is IssueCode => (ISSUE_CODES as readonly string[]).includes(value);

/** Text that must have something in it once trimmed, at most `max` characters; the value is trimmed. */
export function requiredText(max: number) {
  return v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(max, 'too_long'));
}

/** Optional text: blank becomes null; at most `max` characters. */
export function optionalText(max: number) {
  return v.nullish(
    v.pipe(
      v.string('invalid_type'),
      v.trim(),
      v.maxLength(max, 'too_long'),
      v.transform((text) => (text === '' ? null : text)),
    ),
    null,
  );
}

/** Valibot's `number` refuses NaN too: a missing value is required, NaN is not a number, text is the wrong type. */
const numberMessage = (issue: v.NumberIssue): IssueCode =>
  issue.input === undefined || issue.input === null
    ? 'required'
    : typeof issue.input === 'number'
      ? 'not_a_number'
      : 'invalid_type';

/** A finite number in [min, max] (money and quantities; NaN and ±Infinity refused). */
export function numberIn(min: number, max: number) {
  return v.pipe(v.number(numberMessage), v.finite('not_a_number'), v.minValue(min, 'too_small'), v.maxValue(max, 'too_large'));
}

/** A finite number above zero, at most `max`. */
export function positiveNumber(max: number) {
  return v.pipe(v.number(numberMessage), v.finite('not_a_number'), v.gtValue(0, 'not_positive'), v.maxValue(max, 'too_large'));
}

/** A document id (UUID), as the server's uuid columns require. */
export const recordId = v.pipe(v.string('required'), v.uuid('invalid_format'));

export type InputCheck<Schema extends v.GenericSchema> =
  { readonly ok: true; readonly value: v.InferOutput<Schema> } | { readonly ok: false; readonly issues: readonly FieldIssue[] };

function limitOf(issue: v.BaseIssue<unknown>): number | undefined {
  const requirement: unknown = issue.requirement;
  return typeof requirement === 'number' ? requirement : undefined;
}

/** Valibot's issues as field issues, one per field (the first found); a missing value is `required`. */
export function issuesOf(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  const byField = new Map<string, FieldIssue>();
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (byField.has(field)) continue;
    const code: IssueCode = isIssueCode(issue.message) ? issue.message : issue.input === undefined ? 'required' : 'invalid_type';
    const limit = code === 'required' ? undefined : limitOf(issue);
    byField.set(field, limit === undefined ? { field, code } : { field, code, limit });
  }
  return [...byField.values()];
}

/** Checks a command's input; the forms call this for field errors as the user types or submits. */
export function checkInput<Schema extends v.GenericSchema>(schema: Schema, input: unknown): InputCheck<Schema> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? { ok: true, value: result.output } : { ok: false, issues: issuesOf(result.issues) };
}

/** The worker's guard before every write: the parsed input, or DataError('invalid_input') with its issues. */
export function parseInput<Schema extends v.GenericSchema>(schema: Schema, input: unknown): v.InferOutput<Schema> {
  const checked = checkInput(schema, input);
  if (!checked.ok) throw DataError.invalid(checked.issues, 'command input refused');
  return checked.value;
}
