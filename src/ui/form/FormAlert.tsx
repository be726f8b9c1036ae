// The message at the top of a form after a failed submit: announced at once, with an optional action.
import type { ReactNode } from 'react';

export function FormAlert({ title, message, children }: { title?: string; message: string | null; children?: ReactNode }) {
  return (
    <div role="alert" aria-live="assertive" className={message ? 'rounded-xl border border-red-200 bg-red-50 p-3 text-red-800' : 'sr-only'}>
      {message ? (
        <>
          {title ? <p className="font-semibold">{title}</p> : null}
          <p>{message}</p>
          {children}
        </>
      ) : null}
    </div>
  );
}
