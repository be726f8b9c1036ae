// The drafts domain's inputs: a form's draft by name ('product_draft'), its fields as text.
import * as v from 'valibot';
import { requiredText } from '../contract/input.ts';

export const draftNameSchema = requiredText(60);

/** A form as typed: field name → text (at most 100 fields of 5000 characters). */
export const draftFieldsSchema = v.pipe(
  v.record(
    v.pipe(v.string('invalid_type'), v.maxLength(60, 'too_long')),
    v.pipe(v.string('invalid_type'), v.maxLength(5000, 'too_long')),
    'invalid_type',
  ),
  v.check((fields) => Object.keys(fields).length <= 100, 'too_large'),
);

export type DraftFields = Readonly<Record<string, string>>;
