// The owner's navigation as the spec groups it: sidebar groups on desktop, five tabs on phones.
import {
  BarChart3,
  Home,
  MoreHorizontal,
  Package,
  Receipt,
  ShoppingCart,
  Smartphone,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { t } from '../../i18n/pt-BR.ts';
import { devicesText } from '../../i18n/devices.pt-BR.ts';

export type NavPath =
  '/dashboard' | '/sales' | '/products' | '/clients' | '/expenses' | '/fornecedores' | '/aparelhos' | '/reports' | '/more';

export interface NavItem {
  readonly to: NavPath;
  readonly label: string;
  readonly icon: LucideIcon;
}

const nav = t.layout.nav;

export const SIDEBAR_GROUPS: readonly { readonly label: string; readonly items: readonly NavItem[] }[] = [
  { label: t.layout.groups.main, items: [{ to: '/dashboard', label: nav.dashboard, icon: Home }] },
  {
    label: t.layout.groups.operations,
    items: [
      { to: '/sales', label: nav.sales, icon: ShoppingCart },
      { to: '/products', label: nav.products, icon: Package },
      { to: '/clients', label: nav.clients, icon: Users },
    ],
  },
  {
    label: t.layout.groups.management,
    items: [
      { to: '/expenses', label: nav.expenses, icon: Receipt },
      { to: '/fornecedores', label: nav.suppliers, icon: Truck },
      { to: '/aparelhos', label: devicesText.title, icon: Smartphone },
    ],
  },
  { label: t.layout.groups.analysis, items: [{ to: '/reports', label: nav.reports, icon: BarChart3 }] },
];

export const BOTTOM_BAR: readonly NavItem[] = [
  { to: '/dashboard', label: nav.dashboard, icon: Home },
  { to: '/sales', label: nav.sales, icon: ShoppingCart },
  { to: '/products', label: nav.products, icon: Package },
  { to: '/clients', label: nav.clients, icon: Users },
  { to: '/more', label: nav.more, icon: MoreHorizontal },
];

const MORE_PATHS = ['/more', '/reports', '/expenses', '/fornecedores', '/aparelhos'];

/** Whether `item` is the current place: its own subtree, and 'Mais' for the pages it lists. */
export function isActive(item: NavPath, pathname: string): boolean {
  const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  if (item === '/more') return MORE_PATHS.some(within);
  return within(item);
}
