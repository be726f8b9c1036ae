// The desktop sidebar's open/closed state: remembered in a cookie for 7 days, toggled with Ctrl/Cmd+B.
import { useCallback, useEffect, useState } from 'react';

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

export function readSidebarCookie(cookie: string): boolean {
  const match = new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=(true|false)`).exec(cookie);
  return match?.[1] !== 'false';
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${String(open)}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Ctrl+B or Cmd+B, without Alt or Shift. */
export function isToggleShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

export function useSidebarState(): readonly [boolean, () => void] {
  const [open, setOpen] = useState(() => readSidebarCookie(document.cookie));
  const toggle = useCallback(() => {
    setOpen((value) => {
      document.cookie = sidebarCookie(!value);
      return !value;
    });
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [toggle]);
  return [open, toggle] as const;
}
