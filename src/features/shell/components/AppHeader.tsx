// The owner's top bar: initials avatar, market name and plan, search, a linked device, unsynced count, notifications
// bell, Account.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { PanelLeft, UserRound } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import type { SignedInState } from '../../../../workers/api.ts';
import { initialsOf, marketNameOf, planLabelOf } from '../../account/index.ts';
import { HeaderSearch } from '../../../ui/layout/HeaderSearch.tsx';
import { NotificationBell } from '../../notifications/index.ts';
import { PeerIndicator } from '../../devices/index.ts';
import { SyncIndicator } from '../../sync/index.ts';

export function AppHeader({ account, onToggleSidebar }: { account: SignedInState; onToggleSidebar: () => void }) {
  const { profile, plan } = account;
  const [searching, setSearching] = useState(false);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-1 border-b md:gap-2 border-brand-100 bg-white/95 px-3 backdrop-blur md:px-4">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-label={t.layout.toggleSidebar}
        className="hidden h-11 w-11 items-center justify-center rounded-lg text-ink/70 hover:bg-brand-50 md:flex"
      >
        <PanelLeft aria-hidden size={22} />
      </button>
      <Link to="/dashboard" className={searching ? 'hidden' : 'flex min-w-0 flex-1 items-center gap-2 rounded-lg py-1 sm:gap-3'}>
        <span
          aria-hidden
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white"
        >
          {initialsOf(profile?.nome)}
        </span>
        <span className="min-w-0">
          <span className="block truncate font-semibold leading-tight text-brand-900" data-testid="market-name">
            {marketNameOf(profile?.nome_mercado)}
          </span>
          <span className="block truncate text-sm leading-tight text-ink/70" data-testid="plan-label">
            {planLabelOf(plan)}
          </span>
        </span>
      </Link>
      <HeaderSearch open={searching} onOpenChange={setSearching} />
      <PeerIndicator />
      <SyncIndicator />
      <NotificationBell />
      <Link
        to="/account"
        aria-label={t.layout.accountLabel}
        className="flex h-11 min-w-11 items-center justify-center gap-2 rounded-full border border-brand-100 px-2 font-medium text-brand-700 hover:bg-brand-50 sm:px-4"
        activeProps={{ className: 'bg-brand-50' }}
      >
        <UserRound aria-hidden size={20} />
        <span className="hidden sm:inline">{t.layout.account}</span>
      </Link>
    </header>
  );
}
