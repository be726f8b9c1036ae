// The admin area's frame: title bar with the menu (a drawer on a phone) and 'Sair', the side menu on a desktop,
// the admin query cache around the pages, and the page only while online (offline, it says why) and once the
// session proved a second factor when the admins' 2FA is required.
import { useState } from 'react';
import { Outlet } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { LogOut, Menu, WifiOff, X } from 'lucide-react';
import { t } from '../../../i18n/admin-catalogue.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { useSignOut } from '../../account/index.ts';
import { createAdminQueryClient } from '../queries.ts';
import { AdminNav } from './AdminNav.tsx';
import { SecondFactorGate } from './SecondFactorGate.tsx';

export function AdminLayout() {
  const [queryClient] = useState(createAdminQueryClient);
  const [menuOpen, setMenuOpen] = useState(false);
  const connectivity = useLiveQuery('connectivity', undefined);
  const offline = connectivity.status === 'ok' && !connectivity.data.online;
  const { leaving, signOut } = useSignOut();
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-dvh flex-col">
        <header className="flex h-14 items-center justify-between gap-2 border-b border-brand-100 bg-white px-2 md:px-4">
          <div className="flex min-w-0 items-center gap-1">
            <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
              <Dialog.Trigger
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50 md:hidden"
                aria-label={t.admin.openMenu}
              >
                <Menu aria-hidden size={22} />
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
                <Dialog.Content
                  aria-describedby={undefined}
                  className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-3 overflow-y-auto bg-white p-3 shadow-xl focus:outline-none"
                >
                  <div className="flex items-center justify-between">
                    <Dialog.Title className="px-3 text-lg font-semibold text-brand-900">{t.pages.admin}</Dialog.Title>
                    <Dialog.Close
                      className="flex h-11 w-11 items-center justify-center rounded-lg hover:bg-brand-50"
                      aria-label={t.admin.closeMenu}
                    >
                      <X aria-hidden size={20} />
                    </Dialog.Close>
                  </div>
                  <AdminNav
                    onNavigate={() => {
                      setMenuOpen(false);
                    }}
                  />
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
            <span className="truncate text-lg font-semibold text-brand-700">{t.pages.admin}</span>
          </div>
          <button
            type="button"
            onClick={() => void signOut()}
            disabled={leaving}
            aria-busy={leaving || undefined}
            className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-3 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            <LogOut aria-hidden size={18} />
            {leaving ? t.account.signingOut : t.admin.signOut}
          </button>
        </header>
        <div className="flex flex-1">
          <aside className="hidden w-60 shrink-0 border-r border-brand-100 bg-white p-3 md:block">
            <AdminNav />
          </aside>
          <main id="conteudo" className="min-w-0 flex-1">
            {offline ? (
              <section role="status" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
                <WifiOff aria-hidden size={40} className="text-amber-700" />
                <h1 className="text-xl font-semibold">{t.auth.session.adminOfflineTitle}</h1>
                <p className="text-ink/80">{t.auth.session.adminOfflineDescription}</p>
              </section>
            ) : (
              <SecondFactorGate>
                <Outlet />
              </SecondFactorGate>
            )}
          </main>
        </div>
      </div>
    </QueryClientProvider>
  );
}
