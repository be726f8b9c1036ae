// The devices domain: how many of the owner's devices are connected now (Realtime presence, devices/presence.ts),
// as a live value for /aparelhos; null while offline or before the channel answers.
import { of, switchMap, type Observable } from 'rxjs';
import type { WorkspaceHolder } from '../db/workspace.ts';

export function createDevicesDomain(holder: WorkspaceHolder) {
  return {
    handlers: {},
    live: {
      connectedDevices: (_params: undefined): Observable<number | null> =>
        holder.workspace$.pipe(switchMap((workspace) => (workspace ? workspace.presence.connected$ : of(null)))),
    },
  };
}
