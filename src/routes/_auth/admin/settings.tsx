// /admin/settings: the system settings, security, support SLA and blocked IPs tabs.
import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../../features/admin/components/SettingsPage.tsx';

export const Route = createFileRoute('/_auth/admin/settings')({
  component: SettingsPage,
});
