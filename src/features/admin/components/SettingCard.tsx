// One stored setting on the Sistema tab (docs/product.md §2): its title, description and last update; the three known keys
// editable (whole numbers as integers, switches for on/off) and saved by key; any other key shown as stored.
import { useState, type SyntheticEvent } from 'react';
import type { AdminSetting } from '../../../../workers/api.ts';
import { adminSettingsText } from '../../../i18n/admin-settings.pt-BR.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { formOf, SETTING_FIELDS, updateOf, type SettingForm } from '../setting-fields.ts';
import { useUpdateSetting } from '../settings-queries.ts';
import { SettingsSwitch } from './SettingsSwitch.tsx';

const copy = adminSettingsText;
const FIELD_LABELS: Record<string, string> = copy.fields;

export function SettingCard({ setting }: { setting: AdminSetting }) {
  const update = useUpdateSetting();
  const fields = SETTING_FIELDS[setting.key];
  const [form, setForm] = useState<SettingForm>(() => formOf(setting.key, setting.value));
  const title = copy.titles[setting.key] ?? setting.key;
  const headingId = `setting-${setting.key}`;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    await update.run(updateOf(setting.key, form));
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-brand-900">
          {title}
        </h2>
        {setting.description ? <p className="text-sm text-ink/70">{setting.description}</p> : null}
        <p className="mt-1 text-xs text-ink/60">{copy.lastUpdate(formatDateTime(setting.updatedAt))}</p>
      </div>
      {fields ? (
        <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)} noValidate>
          {fields.map((field) =>
            field.kind === 'integer' ? (
              <TextField
                key={field.name}
                label={FIELD_LABELS[field.name] ?? field.name}
                inputMode="numeric"
                value={String(form[field.name] ?? '')}
                onChange={(event) => {
                  setForm({ ...form, [field.name]: event.target.value });
                }}
                error={update.fieldErrors[`value.${field.name}`]}
              />
            ) : (
              <SettingsSwitch
                key={field.name}
                label={FIELD_LABELS[field.name] ?? field.name}
                checked={form[field.name] === true}
                onChange={(checked) => {
                  setForm({ ...form, [field.name]: checked });
                }}
              />
            ),
          )}
          {copy.effect[setting.key] ? <p className="text-xs text-ink/60">{copy.effect[setting.key]}</p> : null}
          <Button type="submit" busy={update.pending} className="self-start">
            {update.pending ? copy.saving : copy.save}
          </Button>
        </form>
      ) : (
        <>
          <pre className="overflow-x-auto rounded-xl bg-brand-50 p-3 text-xs">{JSON.stringify(setting.value, null, 2)}</pre>
          <p className="text-xs text-ink/60">{copy.unknownSetting}</p>
        </>
      )}
    </section>
  );
}
