// How every screen shows data it reads: pulsing placeholders (busy, read out as 'Carregando...') until the first
// answer, the failed read, the empty notice, then the data. Waiting is never shown as an empty list, a zero or a
// 'não encontrado'.
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { AlertTriangle } from 'lucide-react';
import { errorMessage } from '../i18n/errors.ts';
import { t } from '../i18n/pt-BR.ts';
import { Button } from './Button.tsx';

/** What a read has answered so far: nothing yet, a failure, or the data (useLiveQuery's state has this shape). */
export type DataState<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ok'; readonly data: T };

/** One pulsing placeholder, hidden from assistive technology (the region around it says 'Carregando...'). */
export function SkeletonBlock({ className }: { className?: string }) {
  return <div aria-hidden className={clsx('animate-pulse rounded-2xl bg-brand-100/70', className)} />;
}

export interface SkeletonShape {
  /** How many placeholders. */
  count: number;
  /** Each placeholder's size ('h-16'). */
  className: string;
  /** How they are laid out ('flex flex-col gap-3', a grid). */
  grid?: string;
  /** The name of the region being loaded, when the screen has several. */
  label?: string;
}

/** A busy region of `count` pulsing placeholders, read out as 'Carregando...'. */
export function SkeletonCards({ count, className, grid = 'flex flex-col gap-3', label }: SkeletonShape) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={grid}>
      <span className="sr-only">{t.app.loading}</span>
      {Array.from({ length: count }, (_, index) => (
        <SkeletonBlock key={index} className={className} />
      ))}
    </div>
  );
}

/** A failed read: its title, the reason (or `message`), and 'Tentar novamente' when the read can be asked again. */
export function LoadError({
  title,
  error,
  message,
  onRetry,
  children,
}: {
  title: string;
  error?: unknown;
  /** The sentence under the title; the error's own by default, none when null (the title says it all). */
  message?: string | null;
  onRetry?: () => void;
  /** What may follow (a way back). */
  children?: ReactNode;
}) {
  const sentence = message === undefined ? errorMessage(error) : message;
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
      <div className="flex gap-3">
        <AlertTriangle aria-hidden className="mt-0.5 shrink-0" />
        <div>
          <p className="font-semibold">{title}</p>
          {sentence === null ? null : <p>{sentence}</p>}
        </div>
      </div>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t.app.retry}
        </Button>
      ) : null}
      {children}
    </div>
  );
}

/** The answer is known and empty: its sentence, a hint, and what may follow (a link, a button). */
export function EmptyNotice({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-2 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-ink/5"
    >
      <p className="font-semibold text-ink">{title}</p>
      {hint ? <p className="text-sm text-ink/70">{hint}</p> : null}
      {children}
    </div>
  );
}

/** How a screen words a failed read; `children` follow it (a way back). */
export interface FailureCopy {
  title: string;
  message?: string | null;
  onRetry?: () => void;
  children?: ReactNode;
}

/** The screen's part for one read: the skeleton until the first answer, the failure, the empty notice when
 * `isEmpty` says so, or `children` with the data. */
export function DataStates<T>({
  state,
  skeleton,
  failure,
  isEmpty,
  empty,
  children,
}: {
  state: DataState<T>;
  skeleton: SkeletonShape;
  /** The failed read as this screen words it (from the error when the wording needs it). */
  failure: FailureCopy | ((error: unknown) => FailureCopy);
  isEmpty?: (data: T) => boolean;
  /** The empty notice, or how to word it from the (empty) answer. */
  empty?: ReactNode | ((data: T) => ReactNode);
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading') return <SkeletonCards {...skeleton} />;
  if (state.status === 'error') {
    return <LoadError {...(typeof failure === 'function' ? failure(state.error) : failure)} error={state.error} />;
  }
  if (isEmpty?.(state.data)) return typeof empty === 'function' ? empty(state.data) : empty;
  return children(state.data);
}
