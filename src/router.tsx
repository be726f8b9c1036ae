// The app's router: generated file routes, the worker client injected as typed context.
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import type { DataClient } from './lib/data-client.ts';
import type { LastAccount } from './lib/last-account.ts';
import { LoadingScreen } from './ui/LoadingScreen.tsx';

export interface RouterContext {
  data: DataClient;
  /** The account the guards route by: the one this browser last knew until the worker answers. */
  account: LastAccount;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPendingComponent: LoadingScreen,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface HistoryState {
    /** Set by /register on its way to /verify-email: the owner must confirm the email before signing in. */
    emailConfirmation?: boolean;
  }
}
