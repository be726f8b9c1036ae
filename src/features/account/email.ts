// The email field shared by the account forms: trimmed, required, well formed.
import * as v from 'valibot';
import { t } from '../../i18n/pt-BR.ts';

export const emailSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(t.auth.required), v.email(t.auth.invalidEmail));
