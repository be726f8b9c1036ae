// The single toast region of the app (sonner: accessible live region, swipe to dismiss on phones); loaded after
// the first paint (routes/__root.tsx), it tells ui/toast.ts when it listens.
import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS, toastRegionIsMounted } from './toast.ts';

export function Toaster() {
  // Runs after sonner's own effect (children first), so the region already listens.
  useEffect(toastRegionIsMounted, []);
  return (
    <SonnerToaster
      position="top-center"
      visibleToasts={MAX_VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS.default}
      closeButton
      richColors
      toastOptions={{ classNames: { toast: 'text-base' } }}
    />
  );
}
