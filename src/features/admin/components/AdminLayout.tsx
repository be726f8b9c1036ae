// The admin area's frame: title bar with 'Sair', and the page only while online (offline, it says why).
import { Outlet } from '@tanstack/react-router';
import { LogOut, WifiOff } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { useSignOut } from '../../account/index.ts';

export function AdminLayout() {
  const connectivity = useLiveQuery('connectivity', undefined);
  const offline = connectivity.status === 'ok' && !connectivity.data.online;
  const { leaving, signOut } = useSignOut();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center justify-between gap-2 border-b border-brand-100 bg-white px-4">
        <span className="truncate text-lg font-semibold text-brand-700">{t.pages.admin}</span>
        <button
          type="button"
          onClick={() => void signOut()}
          disabled={leaving}
          aria-busy={leaving || undefined}
          className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-3 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          <LogOut aria-hidden size={18} />
          {leaving ? t.account.signingOut : t.account.signOut}
        </button>
      </header>
      <main id="conteudo" className="flex-1">
        {offline ? (
          <section role="status" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
            <WifiOff aria-hidden size={40} className="text-amber-700" />
            <h1 className="text-xl font-semibold">{t.auth.session.adminOfflineTitle}</h1>
            <p className="text-ink/80">{t.auth.session.adminOfflineDescription}</p>
          </section>
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}
