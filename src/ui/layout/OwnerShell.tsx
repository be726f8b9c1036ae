// The frame of every owner screen: header, offline banner, sidebar (desktop) or bottom bar (phone), the page.
import type { ReactNode } from 'react';
import { t } from '../../i18n/pt-BR.ts';
import { useSignedInAccount } from '../../features/account/use-account.ts';
import { OfflineBanner } from '../OfflineBanner.tsx';
import { AppHeader } from './AppHeader.tsx';
import { BottomBar } from './BottomBar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useSidebarState } from './sidebar-state.ts';

export function OwnerShell({ children }: { children: ReactNode }) {
  const account = useSignedInAccount();
  const [open, toggle] = useSidebarState();
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader account={account} onToggleSidebar={toggle} />
      <OfflineBanner message={t.offline.banner} />
      <div className="flex flex-1">
        <Sidebar open={open} />
        <main id="conteudo" className="min-w-0 flex-1 pb-20 md:pb-6">
          {children}
        </main>
      </div>
      <BottomBar />
    </div>
  );
}
