// Live reads over the owner's workspace: the one way a domain follows the open workspace, saying what it emits
// while none is open.
import { EMPTY, of, switchMap, type Observable } from 'rxjs';
import type { Workspace } from './workspace.ts';

/**
 * What a live read emits while no workspace is open (signed out): 'nothing' keeps a screen loading rather than show
 * an emptiness that is not the owner's, `{ value }` answers with the signed-out value (no sales, a count of zero).
 */
export type WhileClosed<T> = 'nothing' | { readonly value: T };

/**
 * `read` over each workspace the holder (workspace.ts's WorkspaceHolder) opens in turn, the previous one's read ending;
 * `whileClosed` while none is open.
 */
export function liveInWorkspace<T, Opened = Workspace>(
  holder: { readonly workspace$: Observable<Opened | null> },
  whileClosed: WhileClosed<T>,
  read: (workspace: Opened) => Observable<T>,
): Observable<T> {
  const closed: Observable<T> = whileClosed === 'nothing' ? EMPTY : of(whileClosed.value);
  return holder.workspace$.pipe(switchMap((workspace) => (workspace !== null ? read(workspace) : closed)));
}
