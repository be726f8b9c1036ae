// The bell's unread count as the header shows it.
/** The unread badge: nothing at 0, the number up to 9, then '9+'. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
