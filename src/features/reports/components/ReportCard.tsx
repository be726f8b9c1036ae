// The frame of each report section: a titled white card, with an optional line of help under the title.
import type { ReactNode } from 'react';

export function ReportCard({ id, title, help, children }: { id: string; title: string; help?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <div>
        <h2 id={id} className="text-lg font-semibold text-brand-900">
          {title}
        </h2>
        {help ? <p className="mt-0.5 text-sm text-ink/70">{help}</p> : null}
      </div>
      {children}
    </section>
  );
}
