// The root of every page: skip link, the routed page, toasts and the update prompt.
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { t } from '../i18n/pt-BR.ts';
import { Toaster } from '../ui/Toaster.tsx';
import { UpdatePrompt } from '../ui/UpdatePrompt.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2"
      >
        {t.app.skipToContent}
      </a>
      <Outlet />
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
