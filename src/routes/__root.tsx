// The root of every page: skip link, the routed page, toasts and the update prompt.
import { lazy, Suspense } from 'react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { t } from '../i18n/pt-BR.ts';
import { UpdatePrompt } from '../ui/UpdatePrompt.tsx';

// The toast library is not needed to paint a page: it loads right after.
const Toaster = lazy(() => import('../ui/Toaster.tsx').then(({ Toaster }) => ({ default: Toaster })));

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
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <UpdatePrompt />
    </>
  );
}
