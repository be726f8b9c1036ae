// Sharing a text the owner made on the device (a receipt, a till closing): the system share sheet where there is
// one; else, online, a WhatsApp link (wa.me) with the text; else (offline, or the link blocked) the clipboard. A
// wa.me page needs the internet, so offline the text goes straight to the clipboard.
export type ShareOutcome = 'shared' | 'cancelled' | 'whatsapp' | 'copied' | 'failed';

export interface ShareTargets {
  readonly share?: (data: ShareData) => Promise<void>;
  readonly openWindow: (url: string) => boolean;
  readonly copy?: (text: string) => Promise<void>;
  readonly online: boolean;
}

/** wa.me with the text, to a Brazilian phone (country code 55) when there is one. */
export function whatsappShareLink(text: string, telefone: string | null): string {
  const digits = (telefone ?? '').replace(/\D/g, '');
  return `https://wa.me/${digits === '' ? '' : `55${digits}`}?text=${encodeURIComponent(text)}`;
}

export async function shareText(text: string, title: string, telefone: string | null, targets: ShareTargets): Promise<ShareOutcome> {
  if (targets.share) {
    try {
      await targets.share({ title, text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (targets.online && targets.openWindow(whatsappShareLink(text, telefone))) return 'whatsapp';
  if (!targets.copy) return 'failed';
  try {
    await targets.copy(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The browser's share sheet, new window and clipboard, where they exist. */
export function browserShareTargets(online: boolean): ShareTargets {
  const nav: Partial<Navigator> = typeof navigator === 'undefined' ? {} : navigator;
  return {
    share: typeof nav.share === 'function' ? (data) => navigator.share(data) : undefined,
    openWindow: (url) => {
      // 'noopener' would make window.open answer null even when it opened: cut the link to us by hand.
      const opened = window.open(url, '_blank');
      if (opened) opened.opener = null;
      return opened !== null;
    },
    copy: nav.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined,
    online,
  };
}
