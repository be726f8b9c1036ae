// A labelled on/off switch of the settings page (Radix Switch: a keyboard-operable role="switch").
import { useId } from 'react';
import { Switch } from 'radix-ui';

export function SettingsSwitch({
  label,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-3">
      <label htmlFor={id} className="min-w-0 text-base text-ink">
        {label}
      </label>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled}
        className="relative h-7 w-12 shrink-0 rounded-full bg-ink/25 transition-colors focus-visible:outline-3 focus-visible:outline-accent-400 disabled:opacity-60 data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="block h-6 w-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
