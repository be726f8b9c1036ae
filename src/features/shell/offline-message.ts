// Which offline banner a page shows: the dashboard and the sales screens have their own wording.
import { t } from '../../i18n/pt-BR.ts';

export function offlineMessageFor(pathname: string): string {
  if (pathname === '/dashboard') return t.offline.dashboardBanner;
  if (pathname === '/sales' || pathname.startsWith('/sales/')) return t.offline.salesBanner;
  return t.offline.banner;
}
