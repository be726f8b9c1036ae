// The frame of every owner screen: header, offline and 'Atualize o app' banners, sidebar (desktop) or bottom bar (phone), the page,
// the install-app card and the receipt dialog (it stays open across the page change after a sale).
import type { ReactNode } from 'react';
import { useLocation } from '@tanstack/react-router';
import { useSignedInAccount } from '../../account/index.ts';
import { ReceiptHost } from '../../sales/index.ts';
import { FirstDownloadGate, OfflineBanner, OutdatedBanner } from '../../sync/index.ts';
import { AppHeader } from './AppHeader.tsx';
import { BottomBar } from '../../../ui/layout/BottomBar.tsx';
import { InstallCard } from '../../../ui/layout/InstallCard.tsx';
import { offlineMessageFor } from '../offline-message.ts';
import { Sidebar } from '../../../ui/layout/Sidebar.tsx';
import { useSidebarState } from '../../../ui/layout/sidebar-state.ts';

export function OwnerShell({ children }: { children: ReactNode }) {
  const account = useSignedInAccount();
  const [open, toggle] = useSidebarState();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader account={account} onToggleSidebar={toggle} />
      <OfflineBanner message={offlineMessageFor(pathname)} />
      <OutdatedBanner />
      <div className="flex flex-1">
        <Sidebar open={open} />
        <main id="conteudo" className="min-w-0 flex-1 pb-20 md:pb-6">
          <FirstDownloadGate>{children}</FirstDownloadGate>
        </main>
      </div>
      <InstallCard />
      <ReceiptHost />
      <BottomBar />
    </div>
  );
}
