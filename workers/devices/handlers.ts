// The devices domain: how many of the owner's devices are connected now (Realtime presence, devices/presence.ts),
// as a live value for /aparelhos; null while offline or before the channel answers.
import type { Observable } from 'rxjs';
import { liveInWorkspace } from '../db/workspace-live.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';

export function createDevicesDomain(holder: WorkspaceHolder) {
  return {
    handlers: {},
    live: {
      connectedDevices: (_params: undefined): Observable<number | null> =>
        liveInWorkspace(holder, { value: null }, (workspace) => workspace.presence.connected$),
    },
  };
}
