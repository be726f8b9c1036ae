// /admin/settings' reads (the admin area's cache rules) and writes (commands with the spec's toasts, every admin
// read refreshed after success): settings by key, blocked IPs, SLA alerts.
import { useQuery } from '@tanstack/react-query';
import type { BlockIpInput, UpdateSettingInput } from '../../../workers/admin/settings-schema.ts';
import { adminSettingsText } from '../../i18n/admin-settings.pt-BR.ts';
import { useCommand } from '../../lib/use-command.ts';
import { useDataClient } from '../../lib/use-data-client.ts';
import { useInvalidateAdmin } from './queries.ts';

const copy = adminSettingsText;

export const settingsKeys = {
  settings: ['admin', 'settings'] as const,
  blockedIps: ['admin', 'blocked-ips'] as const,
  sla: ['admin', 'sla-alerts'] as const,
};

export function useAdminSettings() {
  const data = useDataClient();
  return useQuery({ queryKey: settingsKeys.settings, queryFn: () => data.admin.settings() });
}

export function useBlockedIps() {
  const data = useDataClient();
  return useQuery({ queryKey: settingsKeys.blockedIps, queryFn: () => data.admin.blockedIps() });
}

export function useSlaAlerts() {
  const data = useDataClient();
  return useQuery({ queryKey: settingsKeys.sla, queryFn: () => data.admin.slaAlerts() });
}

export function useUpdateSetting() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, input: UpdateSettingInput) => {
      await data.admin.updateSetting(input);
      await invalidate();
      return true as const;
    },
    { success: () => ({ title: copy.updated }), failureTitle: copy.updateError, form: 'adminSetting' },
  );
}

export function useBlockIp() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, input: BlockIpInput) => {
      await data.admin.blockIp(input);
      await invalidate();
      return true as const;
    },
    { success: () => ({ title: copy.ips.blocked }), failureTitle: copy.ips.blockError, form: 'adminBlockIp' },
  );
}

export function useUnblockIp() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, id: string) => {
      await data.admin.unblockIp({ id });
      await invalidate();
    },
    { success: () => ({ title: copy.ips.unblocked }), failureTitle: copy.ips.unblockError },
  );
}
