// Toasts as the app uses them: at most 3, durations by kind, and the same message never shown twice at once.
import { toast as sonner } from 'sonner';

export type ToastKind = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  kind?: ToastKind;
  /** Overrides the duration of the kind, in milliseconds (e.g. 20 s after registration). */
  durationMs?: number;
  action?: { label: string; onClick: () => void };
}

export const TOAST_DURATION_MS: Record<ToastKind, number> = { default: 4000, success: 3000, destructive: 5000 };
export const MAX_VISIBLE_TOASTS = 3;

/**
 * Shows a toast. The id is derived from title and description, so showing the same message again while it
 * is on screen refreshes it instead of stacking a duplicate.
 */
export function showToast(input: ToastInput): string {
  const kind = input.kind ?? 'default';
  const id = `${input.title}\u241f${input.description ?? ''}`;
  const options = {
    id,
    description: input.description,
    duration: input.durationMs ?? TOAST_DURATION_MS[kind],
    action: input.action,
  };
  if (kind === 'success') sonner.success(input.title, options);
  else if (kind === 'destructive') sonner.error(input.title, options);
  else sonner(input.title, options);
  return id;
}
