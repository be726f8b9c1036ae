// A screen's heading: its h1 (`page-title`, the name of the screen's landmark) and what the screen offers beside it
// (buttons, a count), which wrap under the title on a narrow phone.
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const heading = (
    <h1 id="page-title" className="text-2xl font-bold text-brand-900">
      {title}
    </h1>
  );
  if (!children) return heading;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {heading}
      {children}
    </div>
  );
}
