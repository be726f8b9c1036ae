// A Premium feature's call-to-action for a free owner: what it is, why it helps, and the way to /upgrade.
import { Link } from '@tanstack/react-router';
import { Crown } from 'lucide-react';
import { buttonClass } from './Button.tsx';

export function PremiumCallToAction({ title, text, cta }: { title: string; text: string; cta: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-accent-400/20 p-4 ring-1 ring-accent-400/50 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="flex items-center gap-2 font-semibold text-ink">
          <Crown aria-hidden size={18} />
          {title}
        </p>
        <p className="text-sm text-ink/80">{text}</p>
      </div>
      <Link to="/upgrade" className={buttonClass('accent', 'shrink-0 px-4')}>
        {cta}
      </Link>
    </div>
  );
}
