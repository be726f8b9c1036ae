// The app's button: large touch target (48 px), visible focus, and a busy state that keeps its width.
import type { ButtonHTMLAttributes } from 'react';
import { clsx } from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive' | 'accent';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:bg-brand-600/60',
  secondary: 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50 disabled:opacity-60',
  ghost: 'text-brand-700 hover:bg-brand-50 disabled:opacity-60',
  destructive: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
  accent: 'bg-accent-400 text-ink shadow-sm hover:brightness-95 disabled:opacity-60',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra?: string): string {
  return clsx(
    'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  busy?: boolean;
}

export function Button({ variant = 'primary', busy = false, className, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {children}
    </button>
  );
}
