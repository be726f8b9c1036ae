// The desktop sidebar (768 px and up): the spec's groups, collapsed to icons when closed.
import { Link, useLocation } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { t } from '../../i18n/pt-BR.ts';
import { isActive, SIDEBAR_GROUPS } from './nav-items.ts';

export function Sidebar({ open }: { open: boolean }) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t.layout.mainNav}
      data-state={open ? 'expanded' : 'collapsed'}
      className={clsx(
        'sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 overflow-y-auto border-r border-brand-100 bg-white py-3 transition-[width] md:block',
        open ? 'w-60' : 'w-[4.5rem]',
      )}
    >
      {SIDEBAR_GROUPS.map((group) => (
        <div key={group.label} className="mb-3 px-3">
          <p className={clsx('px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-ink/50', !open && 'sr-only')}>{group.label}</p>
          <ul className="flex flex-col gap-1">
            {group.items.map((item) => {
              const active = isActive(item.to, pathname);
              const Icon = item.icon;
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    title={open ? undefined : item.label}
                    className={clsx(
                      'flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium',
                      active ? 'bg-brand-600 text-white' : 'text-ink/80 hover:bg-brand-50',
                      !open && 'justify-center px-0',
                    )}
                  >
                    <Icon aria-hidden size={20} className="shrink-0" />
                    <span className={clsx(!open && 'sr-only')}>{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
