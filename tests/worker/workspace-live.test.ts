// The one live helper over the workspace: what a read emits while signed out, and that it follows each workspace.
import { BehaviorSubject, of, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { liveInWorkspace, type WhileClosed } from '../../workers/db/workspace-live.ts';

/** Stands for an open workspace: the helper only hands it to the read. */
interface OpenedStandIn {
  readonly userId: string;
}

const workspaceOf = (userId: string): OpenedStandIn => ({ userId });

/** Everything the read emits while the holder goes through `steps` (null: signed out). */
function emissions(whileClosed: WhileClosed<string>, steps: readonly (OpenedStandIn | null)[]): string[] {
  const workspace$ = new BehaviorSubject<OpenedStandIn | null>(null);
  const seen: string[] = [];
  const read = (workspace: OpenedStandIn): Observable<string> => of(`dados de ${workspace.userId}`);
  const subscription = liveInWorkspace({ workspace$ }, whileClosed, read).subscribe((value) => seen.push(value));
  for (const step of steps) workspace$.next(step);
  subscription.unsubscribe();
  return seen;
}

describe('liveInWorkspace', () => {
  it("emits nothing while signed out with 'nothing', so a screen keeps loading", () => {
    expect(emissions('nothing', [workspaceOf('ana'), null, workspaceOf('bia')])).toEqual(['dados de ana', 'dados de bia']);
  });

  it('emits the signed-out value while no workspace is open', () => {
    expect(emissions({ value: 'vazio' }, [workspaceOf('ana'), null])).toEqual(['vazio', 'dados de ana', 'vazio']);
  });
});
