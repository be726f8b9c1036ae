// The Sistema tab's editable settings (docs/product.md §3 system_settings): which fields each key has, the form's values
// read from a stored value (typed text for whole numbers, so a bad entry reaches the check), and back.
import type { UpdateSettingInput } from '../../../workers/admin/settings-schema.ts';

export type SettingField =
  { readonly name: string; readonly kind: 'integer' } | { readonly name: string; readonly kind: 'boolean' };

export const SETTING_FIELDS: Readonly<Record<string, readonly SettingField[]>> = {
  security_settings: [
    { name: 'max_login_attempts', kind: 'integer' },
    { name: 'lockout_duration', kind: 'integer' },
    { name: 'require_2fa', kind: 'boolean' },
  ],
  free_plan_limits: [
    { name: 'products', kind: 'integer' },
    { name: 'clients', kind: 'integer' },
  ],
  notification_settings: [
    { name: 'email_notifications', kind: 'boolean' },
    { name: 'push_notifications', kind: 'boolean' },
  ],
};

/** The form's values: text for whole numbers, booleans as they are. */
export type SettingForm = Record<string, string | boolean>;

export function formOf(key: string, value: unknown): SettingForm {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const form: SettingForm = {};
  for (const field of SETTING_FIELDS[key] ?? []) {
    const current = stored[field.name];
    form[field.name] =
      field.kind === 'boolean'
        ? current === true
        : typeof current === 'number' || typeof current === 'string'
          ? String(current)
          : '';
  }
  return form;
}

/** The update command's input; the worker parses the whole numbers and refuses bad ones on their fields. */
export function updateOf(key: string, form: SettingForm): UpdateSettingInput {
  return { key, value: { ...form } } as UpdateSettingInput;
}
