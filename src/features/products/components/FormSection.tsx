// A titled card grouping fields of the product form, and the select field the form uses for unit and category.
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { clsx } from 'clsx';
import { inputClass } from '../../../ui/form/TextField.tsx';

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-ink/10 bg-white p-4">
      <h2 id={id} className="text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ label, options, className, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select id={id} className={clsx(inputClass, 'border-ink/20')} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
