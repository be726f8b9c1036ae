// A labelled select of an admin list's filters (users, payments): the label above, the options as [value, text].
import { useId } from 'react';

const SELECT =
  'block min-h-11 w-full rounded-xl border border-ink/20 bg-white px-3 text-base text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400';

export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        className={SELECT}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
