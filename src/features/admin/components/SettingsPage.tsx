// /admin/settings (docs/product.md §2 Configurações do Sistema): four tabs (Radix Tabs: arrow keys move between them) —
// Sistema, Segurança, Suporte and IPs Bloqueados.
import { Tabs } from 'radix-ui';
import { t } from '../../../i18n/pt-BR.ts';
import { adminSettingsText } from '../../../i18n/admin-settings.pt-BR.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { BlockedIpsTab } from './BlockedIpsTab.tsx';
import { SettingsSecurityTab } from './SettingsSecurityTab.tsx';
import { SettingsSupportTab } from './SettingsSupportTab.tsx';
import { SettingsSystemTab } from './SettingsSystemTab.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = adminSettingsText;
const TAB =
  'min-h-11 shrink-0 rounded-lg px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-3 focus-visible:outline-accent-400 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm sm:flex-1 sm:text-base';

const TABS = [
  ['system', copy.tabs.system, SettingsSystemTab],
  ['security', copy.tabs.security, SettingsSecurityTab],
  ['support', copy.tabs.support, SettingsSupportTab],
  ['ips', copy.tabs.ips, BlockedIpsTab],
] as const;

export function SettingsPage() {
  usePageTitle(t.pages.adminSettings);
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <PageHeader title={t.pages.adminSettings} />
      <Tabs.Root defaultValue="system">
        <Tabs.List
          aria-label={copy.tabsLabel}
          className="grid grid-cols-2 gap-1 rounded-xl bg-brand-100 p-1 text-brand-700 sm:flex"
        >
          {TABS.map(([value, label]) => (
            <Tabs.Trigger key={value} value={value} className={TAB}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(([value, , Content]) => (
          <Tabs.Content key={value} value={value} className="mt-4 focus-visible:outline-3 focus-visible:outline-accent-400">
            <Content />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
