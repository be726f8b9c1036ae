// Guard and layout of the /admin area: administrators only; everyone else goes to the dashboard.
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';

export const Route = createFileRoute('/_auth/admin')({
  beforeLoad: ({ context }) => {
    if (!context.session.isAdmin) throw redirect({ to: '/dashboard', replace: true });
  },
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center border-b border-brand-100 bg-white px-4">
        <span className="text-lg font-semibold text-brand-700">{t.pages.admin}</span>
      </header>
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
