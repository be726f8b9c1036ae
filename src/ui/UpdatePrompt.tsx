// Registers the service worker and tells the owner when a new version is ready, or when it works offline.
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { t } from '../i18n/pt-BR.ts';
import { showToast } from './toast.ts';

/** Set once the owner has been told the app works offline on this device: never said again. */
const OFFLINE_READY_TOLD = 'caderneta:pronto-sem-internet';

function tellOfflineReadyOnce(): void {
  if (localStorage.getItem(OFFLINE_READY_TOLD)) return;
  localStorage.setItem(OFFLINE_READY_TOLD, '1');
  showToast({ title: t.pwa.offlineReady, description: t.pwa.offlineReadyDescription, kind: 'success' });
}

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW();

  useEffect(() => {
    if (!needRefresh) return;
    showToast({
      title: t.pwa.updateReady,
      description: t.pwa.updateDescription,
      durationMs: Number.POSITIVE_INFINITY,
      action: { label: t.pwa.updateAction, onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, updateServiceWorker]);

  useEffect(() => {
    if (offlineReady) tellOfflineReadyOnce();
  }, [offlineReady]);

  return null;
}
