// What ends the last page shown of a list read online a page at a time (older sales, a client's older entries):
// offline, 'Disponível apenas online' with why; with more to read, the button that asks for the next page; when
// the first page came back empty, the list's empty sentence. Nothing below a page that is not the last.
import { CloudOff } from 'lucide-react';
import { Button } from './Button.tsx';

export interface OnlinePageEndProps {
  /** Only the last page shown offers the next one, or says it is out of reach. */
  last: boolean;
  /** The server could be asked (false offline). */
  reachable: boolean;
  hasMore: boolean;
  /** The first page, and nothing on it. */
  firstEmpty: boolean;
  /** 'Disponível apenas online' and why, the next page's button, the empty sentence. */
  texts: { onlineOnly: string; offline: string; more: string; none: string };
  onMore: () => void;
}

export function OnlinePageEnd({ last, reachable, hasMore, firstEmpty, texts, onMore }: OnlinePageEndProps) {
  if (!last) return null;
  if (!reachable)
    return (
      <div role="note" className="flex gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-amber-900">
        <CloudOff aria-hidden className="mt-0.5 shrink-0" size={20} />
        <div>
          <p className="font-semibold">{texts.onlineOnly}</p>
          <p className="text-sm">{texts.offline}</p>
        </div>
      </div>
    );
  if (hasMore)
    return (
      <Button variant="secondary" className="self-center" onClick={onMore}>
        {texts.more}
      </Button>
    );
  if (firstEmpty)
    return (
      <p role="status" className="rounded-2xl bg-brand-50 px-4 py-3 text-sm text-ink/80">
        {texts.none}
      </p>
    );
  return null;
}
