// Toasts as the app uses them: at most 3, durations by kind, and the same message never shown twice at once.
// sonner's code loads with the toast region (ui/Toaster.tsx) after the first paint; a toast asked for before the
// region is on screen waits for it rather than being lost.

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

let regionMounted: () => void = () => undefined;
const toastRegion = new Promise<void>((resolve) => {
  regionMounted = resolve;
});

/** Called by the toast region once it listens: the toasts asked for meanwhile are shown then. */
export function toastRegionIsMounted(): void {
  regionMounted();
}

/** Settles once every toast asked for so far is on the page (see toastsOnPage). */
let lastToast: Promise<void> = Promise.resolve();

/**
 * Resolves once the toasts asked for so far are in the page (sonner adds each in the task after it is asked): a
 * screen that goes on to heavy work (mounting the next page) waits for it and a paint, so the toast is seen at once.
 */
export function toastsOnPage(): Promise<void> {
  return lastToast;
}

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
  lastToast = toastRegion
    .then(() => import('sonner'))
    .then(({ toast: sonner }) => {
      if (kind === 'success') sonner.success(input.title, options);
      else if (kind === 'destructive') sonner.error(input.title, options);
      else sonner(input.title, options);
    })
    // A toast that cannot be shown (its code not loaded) never holds back the screen waiting for it.
    .catch(() => undefined)
    .then(
      () =>
        new Promise<void>((resolve) => {
          setTimeout(resolve, 0);
        }),
    );
  return id;
}
