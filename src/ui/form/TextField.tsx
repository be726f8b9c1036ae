// A labelled input with its error announced to screen readers and tied to the field (aria-describedby).
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { clsx } from 'clsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Something drawn inside the field on the right (e.g. show/hide password). */
  trailing?: ReactNode;
  /** A short mark drawn inside the field on the left (e.g. 'R$'). */
  leading?: ReactNode;
  /** The label is read by screen readers only (a compact field in a row that names it). */
  labelHidden?: boolean;
}

export const inputClass =
  'block min-h-12 w-full rounded-xl border bg-white px-4 text-base text-ink placeholder:text-ink/40 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400';

export function TextField({ label, error, hint, trailing, leading, labelHidden = false, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-erro`;
  const hintId = `${id}-dica`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'mb-1 block text-sm font-medium text-ink'}>
        {label}
      </label>
      <div className="relative">
        {leading ? (
          <div aria-hidden className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-base text-ink/70">
            {leading}
          </div>
        ) : null}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(
            inputClass,
            error ? 'border-red-600' : 'border-ink/20',
            trailing ? 'pr-14' : undefined,
            leading ? 'pl-11' : undefined,
          )}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <div id={hintId} className="mt-1 text-sm text-ink/70">
          {hint}
        </div>
      ) : null}
      <p id={errorId} className="mt-1 min-h-0 text-sm font-medium text-red-700" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
