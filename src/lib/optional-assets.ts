// Once the service worker controls the page, asks it in idle time to cache the heavy optional chunks too (PDF export,
// charts, the barcode decoder): they then open offline later, without having held back 'offline-ready'.

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) {
      requestIdleCallback(() => {
        resolve();
      });
    } else {
      setTimeout(resolve, 1_000);
    }
  });
}

function controllerOf(container: ServiceWorkerContainer): Promise<ServiceWorker> {
  const current = container.controller;
  if (current) return Promise.resolve(current);
  return new Promise((resolve) => {
    container.addEventListener('controllerchange', function claimed() {
      if (!container.controller) return;
      container.removeEventListener('controllerchange', claimed);
      resolve(container.controller);
    });
  });
}

/** Handled by public/sw-optional-assets.js, which the service worker imports. */
export function cacheOptionalAssetsWhenIdle(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void controllerOf(navigator.serviceWorker).then(async (controller) => {
    await whenIdle();
    controller.postMessage({ type: 'cache-optional-assets' });
  });
}
