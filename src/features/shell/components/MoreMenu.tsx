// The list behind 'Mais': reports, expenses and suppliers first, then account and help.
import { Link } from '@tanstack/react-router';
import {
  BarChart3,
  ChevronRight,
  Calculator,
  CircleHelp,
  History,
  LifeBuoy,
  Receipt,
  Smartphone,
  Truck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { devicesText } from '../../../i18n/devices.pt-BR.ts';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { tillText } from '../../../i18n/till.pt-BR.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';

type MorePath =
  '/reports' | '/sales/history' | '/caixa' | '/aparelhos' | '/expenses' | '/fornecedores' | '/account' | '/faq' | '/support';
const items = t.layout.moreItems;

const MAIN: readonly { to: MorePath; label: string; description: string; icon: LucideIcon }[] = [
  { to: '/reports', label: t.layout.nav.reports, description: items.reports, icon: BarChart3 },
  { to: '/sales/history', label: salesHistoryText.title, description: salesHistoryText.menuDescription, icon: History },
  { to: '/caixa', label: tillText.title, description: tillText.menuDescription, icon: Calculator },
  { to: '/aparelhos', label: devicesText.title, description: devicesText.menuDescription, icon: Smartphone },
  { to: '/expenses', label: t.layout.nav.expenses, description: items.expenses, icon: Receipt },
  { to: '/fornecedores', label: t.layout.nav.suppliers, description: items.suppliers, icon: Truck },
];
const OTHER: readonly { to: MorePath; label: string; description: string; icon: LucideIcon }[] = [
  { to: '/account', label: t.account.title, description: items.account, icon: UserRound },
  { to: '/faq', label: t.pages.faq, description: items.faq, icon: CircleHelp },
  { to: '/support', label: t.pages.support, description: items.support, icon: LifeBuoy },
];

function MenuList({ entries }: { entries: typeof MAIN }) {
  return (
    <ul className="divide-y divide-ink/5 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5">
      {entries.map(({ to, label, description, icon: Icon }) => (
        <li key={to}>
          <Link to={to} className="flex min-h-16 items-center gap-4 px-4 py-3 hover:bg-brand-50">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon aria-hidden size={22} />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-ink">{label}</span>
              <span className="block text-sm text-ink/70">{description}</span>
            </span>
            <ChevronRight aria-hidden size={20} className="text-ink/40" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function MoreMenu() {
  usePageTitle(t.layout.moreTitle);
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6">
      <PageHeader title={t.layout.moreTitle} />
      <MenuList entries={MAIN} />
      <MenuList entries={OTHER} />
    </section>
  );
}
