// The phone's bottom bar (under 768 px): five large tabs; 'Mais' lights up for the pages it lists.
import { Link, useLocation } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { t } from '../../i18n/pt-BR.ts';
import { BOTTOM_BAR, isActive } from './nav-items.ts';

export function BottomBar() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t.layout.mainNav}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-brand-100 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-5">
        {BOTTOM_BAR.map((item) => {
          const active = isActive(item.to, pathname);
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={clsx(
                  'flex h-16 flex-col items-center justify-center gap-0.5 text-xs font-medium',
                  active ? 'text-brand-700' : 'text-ink/60',
                )}
              >
                <span className={clsx('flex h-8 w-14 items-center justify-center rounded-full', active && 'bg-brand-100')}>
                  <Icon aria-hidden size={22} />
                </span>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
