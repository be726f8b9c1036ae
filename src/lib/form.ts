// Valibot results as the forms show them: the first message of each field, keyed by field name.
import * as v from 'valibot';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

type AnySchema = v.GenericSchema<unknown, unknown>;

export type ValidationResult<Schema extends AnySchema, Field extends string> =
  | { readonly ok: true; readonly value: v.InferOutput<Schema> }
  | { readonly ok: false; readonly errors: FieldErrors<Field>; readonly first: string };

/** Validates `input`; on failure returns each field's first message and the very first message overall. */
export function validate<Schema extends AnySchema, Field extends string>(schema: Schema, input: unknown): ValidationResult<Schema, Field> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<Field>, first: result.issues[0].message };
}
