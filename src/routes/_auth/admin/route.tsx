// Guard and layout of the /admin area: the admin role from the token's app_metadata, and online only.
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { WifiOff } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';

export const Route = createFileRoute('/_auth/admin')({
  beforeLoad: ({ context }) => {
    if (!context.account.user.isAdmin) throw redirect({ to: '/dashboard', replace: true });
  },
  component: AdminLayout,
});

function AdminLayout() {
  const connectivity = useLiveQuery('connectivity', undefined);
  const offline = connectivity.status === 'ok' && !connectivity.data.online;
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center border-b border-brand-100 bg-white px-4">
        <span className="text-lg font-semibold text-brand-700">{t.pages.admin}</span>
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
