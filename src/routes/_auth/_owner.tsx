// Layout of the owner's screens: header with the app's name and the page beneath it.
import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { t } from '../../i18n/pt-BR.ts';

export const Route = createFileRoute('/_auth/_owner')({
  component: OwnerLayout,
});

function OwnerLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center border-b border-brand-100 bg-white px-4">
        <Link to="/dashboard" className="text-lg font-semibold text-brand-700">
          {t.app.name}
        </Link>
      </header>
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
