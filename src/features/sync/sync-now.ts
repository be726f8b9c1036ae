// 'Sincronizar agora': asks the worker to send and fetch changes at once; the live status shows the outcome.
import { t } from '../../i18n/pt-BR.ts';
import type { DataClient } from '../../lib/data-client.ts';
import { showToast } from '../../ui/toast.ts';

export async function syncNow(data: DataClient): Promise<void> {
  try {
    await data.sync.syncNow();
  } catch {
    showToast({ title: t.layout.sync.errorTitle, description: t.layout.sync.error, kind: 'destructive' });
  }
}
