// A category picker with each category's colour dot (Radix Select): the filter's 'Todas as categorias' or the
// dialog's 'Sem categoria' first, then the categories by name.
import { Select } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { clsx } from 'clsx';
import type { CategoryRef } from '../../../../workers/api.ts';
import { inputClass } from '../../../ui/form/TextField.tsx';

/** Radix Select needs a non-empty value for the first option. */
const NONE = '__none__';

export function ColorDot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      className="inline-block size-3 shrink-0 rounded-full ring-1 ring-ink/20"
      style={{ backgroundColor: color }}
    />
  );
}

const itemClass =
  'flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-3 text-base text-ink outline-none data-[highlighted]:bg-brand-50';

export function CategorySelect({
  id,
  label,
  value,
  noneLabel,
  categories,
  onChange,
  invalid,
}: {
  id: string;
  /** The accessible name when the visible label is elsewhere (aria-labelledby wins when given via `id`). */
  label: string;
  /** '' for the first option. */
  value: string;
  noneLabel: string;
  categories: readonly CategoryRef[];
  onChange: (value: string) => void;
  invalid?: boolean;
}) {
  const known = value === '' || categories.some((category) => category.id === value);
  return (
    <Select.Root
      value={known && value !== '' ? value : NONE}
      onValueChange={(next) => {
        onChange(next === NONE ? '' : next);
      }}
    >
      <Select.Trigger
        id={id}
        aria-label={label}
        aria-invalid={invalid || undefined}
        className={clsx(
          inputClass,
          'flex items-center justify-between gap-2 text-left',
          invalid ? 'border-red-600' : 'border-ink/20',
        )}
      >
        <Select.Value />
        <Select.Icon>
          <ChevronDown aria-hidden size={18} className="text-ink/60" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-[60] max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl bg-white p-1 shadow-lg ring-1 ring-ink/10"
        >
          <Select.Viewport>
            <Select.Item value={NONE} className={itemClass}>
              <Select.ItemText>{noneLabel}</Select.ItemText>
            </Select.Item>
            {categories.map((category) => (
              <Select.Item key={category.id} value={category.id} className={itemClass}>
                <ColorDot color={category.cor} />
                <Select.ItemText>{category.nome}</Select.ItemText>
                <Select.ItemIndicator className="ml-auto">
                  <Check aria-hidden size={16} />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
