// A screen's heading: its h1 (`page-title`, the name of the screen's landmark) and what the screen offers beside it
// (buttons, a count), which wrap under the title on a narrow phone — or, with `wrap={false}`, stay beside it while
// the title breaks between its words (the sale screen, where every row a phone shows matters).
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export function PageHeader({ title, wrap = true, children }: { title: ReactNode; wrap?: boolean; children?: ReactNode }) {
  const heading = (
    <h1 id="page-title" className="text-2xl font-bold text-brand-900">
      {title}
    </h1>
  );
  if (!children) return heading;
  return (
    <div className={clsx('flex items-center justify-between gap-x-2 gap-y-3', wrap && 'flex-wrap')}>
      {heading}
      {children}
    </div>
  );
}
