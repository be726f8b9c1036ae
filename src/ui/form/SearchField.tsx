// A list's search box: a magnifier inside a search input named by `label` (screen readers and tests find it by it),
// the text handed on as typed (the list waits its own pause before asking).
import { Search } from 'lucide-react';
import { clsx } from 'clsx';
import { inputClass } from './TextField.tsx';

export interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}

export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  return (
    <div className="relative">
      <Search aria-hidden size={20} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-ink/50" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={clsx(inputClass, 'border-ink/20 pl-10')}
      />
    </div>
  );
}
