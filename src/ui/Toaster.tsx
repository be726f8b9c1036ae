// The single toast region of the app (sonner: accessible live region, swipe to dismiss on phones).
import { Toaster as SonnerToaster } from 'sonner';
import { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS } from './toast.ts';

export function Toaster() {
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
