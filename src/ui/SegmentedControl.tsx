// A period-like choice as a radio group drawn as a segmented control (the dashboard's Dia/Semana/Mês, the report's
// four periods): the legend is for screen readers, the arrow keys move, the chosen segment is raised. `dense` fits
// four segments on a 360 px phone.
import { clsx } from 'clsx';

export interface SegmentedControlProps<T extends string> {
  legend: string;
  /** The radio group's name (unique on the page). */
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  dense?: boolean;
}

export function SegmentedControl<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  dense = false,
}: SegmentedControlProps<T>) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{legend}</legend>
      <div className={clsx('w-full rounded-xl bg-brand-50 p-1 sm:w-auto', dense ? 'flex sm:inline-flex' : 'inline-flex')}>
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-lg font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              dense ? 'flex-auto px-2 text-sm sm:px-4 sm:text-base' : 'flex-1 px-4 sm:flex-none',
              value === option.value ? 'bg-white text-brand-700 shadow-sm' : 'text-ink/70 hover:text-brand-700',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => {
                onChange(option.value);
              }}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
