// The frequently asked questions as disclosure widgets (native details/summary: keyboard and screen readers).
import { ChevronDown } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';

export function FaqList() {
  return (
    <div className="mt-6 divide-y divide-ink/10 rounded-2xl ring-1 ring-ink/10">
      {t.landing.faq.map((item) => (
        <details key={item.q} className="group px-4">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 py-3 font-semibold">
            {item.q}
            <ChevronDown aria-hidden size={20} className="shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <p className="pb-4 text-ink/80">{item.a}</p>
        </details>
      ))}
    </div>
  );
}
