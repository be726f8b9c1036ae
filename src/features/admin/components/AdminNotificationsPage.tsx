// /admin/notifications (docs/product.md §2): two tabs, 'Listar Notificações' (every owner's notifications, paged on the
// server) and 'Enviar Notificação' (to one user or to all); Radix Tabs, so the arrow keys move between them.
import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { t } from '../../../i18n/admin-catalogue.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { NotificationsList } from './NotificationsList.tsx';
import { NotificationsSendForm } from './NotificationsSendForm.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.adminNotifications;
const TAB =
  'min-h-11 flex-1 rounded-lg px-3 font-semibold text-brand-700 hover:bg-white/60 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm';

export function AdminNotificationsPage() {
  usePageTitle(t.pages.adminNotifications);
  const [tab, setTab] = useState('list');
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <PageHeader title={t.pages.adminNotifications} />
      <Tabs.Root value={tab} onValueChange={setTab} className="flex flex-col gap-4">
        <Tabs.List aria-label={copy.tabs} className="flex gap-1 rounded-xl bg-brand-50 p-1 sm:w-fit sm:min-w-[28rem]">
          <Tabs.Trigger value="list" className={TAB}>
            {copy.listTab}
          </Tabs.Trigger>
          <Tabs.Trigger value="send" className={TAB}>
            {copy.sendTab}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="list" className="focus-visible:outline-3 focus-visible:outline-accent-400">
          <NotificationsList />
        </Tabs.Content>
        <Tabs.Content value="send" className="focus-visible:outline-3 focus-visible:outline-accent-400">
          <NotificationsSendForm />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
