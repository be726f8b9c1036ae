// The admin area's side menu (docs/product.md §2): its nine pages, the current one marked.
import { Link } from '@tanstack/react-router';
import {
  Bell,
  CreditCard,
  LayoutDashboard,
  LifeBuoy,
  Package,
  ScrollText,
  Settings,
  ShoppingCart,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { t } from '../../../i18n/admin-catalogue.ts';

const copy = t.admin.menu;

type AdminPath =
  | '/admin'
  | '/admin/users'
  | '/admin/products'
  | '/admin/payments'
  | '/admin/settings'
  | '/admin/sales'
  | '/admin/notifications'
  | '/admin/logs'
  | '/admin/support';

export const ADMIN_MENU: readonly { to: AdminPath; label: string; icon: LucideIcon }[] = [
  { to: '/admin', label: copy.dashboard, icon: LayoutDashboard },
  { to: '/admin/users', label: copy.users, icon: Users },
  { to: '/admin/products', label: copy.products, icon: Package },
  { to: '/admin/payments', label: copy.payments, icon: CreditCard },
  { to: '/admin/settings', label: copy.settings, icon: Settings },
  { to: '/admin/sales', label: copy.sales, icon: ShoppingCart },
  { to: '/admin/notifications', label: copy.notifications, icon: Bell },
  { to: '/admin/logs', label: copy.logs, icon: ScrollText },
  { to: '/admin/support', label: copy.support, icon: LifeBuoy },
];

export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label={t.admin.menuLabel}>
      <ul className="flex flex-col gap-1">
        {ADMIN_MENU.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              activeOptions={{ exact: true }}
              onClick={onNavigate}
              className="flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium text-ink/80 hover:bg-brand-50 data-[status=active]:bg-brand-600 data-[status=active]:text-white"
            >
              <item.icon aria-hidden size={18} />
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
