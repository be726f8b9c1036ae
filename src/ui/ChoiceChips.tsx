// A short row of choices as radio buttons drawn as chips under a visible legend (the sale's type and method, the
// receipt's roll width): Tab reaches the group, the arrow keys move inside it, the chosen chip is filled.
import { clsx } from 'clsx';

export interface ChoiceChipsProps<T extends string | number> {
  legend: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

export function ChoiceChips<T extends string | number>({ legend, value, options, onChange }: ChoiceChipsProps<T>) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              'inline-flex min-h-11 cursor-pointer items-center rounded-xl border px-4 font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-400',
              value === option.value
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-ink/20 bg-white text-ink hover:bg-brand-50',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={legend}
              value={option.value}
              checked={value === option.value}
              onChange={() => {
                onChange(option.value);
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
