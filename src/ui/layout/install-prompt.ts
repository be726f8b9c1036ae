// The install prompt's rules: shown 30 s after the browser offers it, never again once rejected (until installed).
import { useEffect, useState } from 'react';

export const INSTALL_REJECTED_KEY = 'pwa-install-rejected';
export const INSTALL_DELAY_MS = 30_000;

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isInstalled(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches;
}

function wasRejected(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_REJECTED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The pending prompt once it may be shown, and what the two buttons do. */
export function useInstallPrompt() {
  const [event, setEvent] = useState<InstallPromptEvent | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPrompt = (incoming: Event) => {
      incoming.preventDefault();
      if (isInstalled() || wasRejected()) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        setEvent(incoming as InstallPromptEvent);
      }, INSTALL_DELAY_MS);
    };
    const onInstalled = () => {
      window.localStorage.removeItem(INSTALL_REJECTED_KEY);
      setEvent(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  const install = async (): Promise<void> => {
    if (!event) return;
    await event.prompt();
    await event.userChoice;
    setEvent(null);
  };
  const reject = (): void => {
    window.localStorage.setItem(INSTALL_REJECTED_KEY, 'true');
    setEvent(null);
  };
  return { visible: event !== null, install, reject };
}
