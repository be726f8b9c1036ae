// The owner's devices connected now: each device tracks itself in Realtime presence on the owner's private channel
// `aparelhos:<user id>` (only the owner's own sessions may join it: RLS on realtime.messages, migration 0040) and
// counts the devices it sees there. Joined while online, left offline and when the workspace closes.
import { REALTIME_SUBSCRIBE_STATES, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject, distinctUntilChanged, type Observable, type Subscription } from 'rxjs';
import type { ConnectivitySource } from '../system/connectivity.ts';

/** The owner's private presence channel. */
export const devicesTopic = (userId: string): string => `aparelhos:${userId}`;

export interface DevicePresenceOptions {
  client: SupabaseClient;
  userId: string;
  /** This device's stable name: its tabs share one presence key, so a device counts once. */
  device: string;
  connectivity: ConnectivitySource;
  /** The owner's current token for Realtime (a client holding a session provides it by itself). */
  accessToken?: () => Promise<string | null>;
}

export interface DevicePresence {
  /** How many of the owner's devices are connected now, this one included; null while not known (offline, joining). */
  readonly connected$: Observable<number | null>;
  close(): Promise<void>;
}

export function followDevicePresence(options: DevicePresenceOptions): DevicePresence {
  const { client, device } = options;
  const connected = new BehaviorSubject<number | null>(null);
  let channel: RealtimeChannel | undefined;
  let closed = false;
  let transition: Promise<void> = Promise.resolve();

  async function join(): Promise<void> {
    if (channel || closed) return;
    const token = await options.accessToken?.();
    if (token) await client.realtime.setAuth(token);
    const joined = client.channel(devicesTopic(options.userId), { config: { private: true, presence: { key: device } } });
    channel = joined;
    joined.on('presence', { event: 'sync' }, () => {
      if (channel !== joined) return;
      // This device is there from the moment it joined, even before its own entry comes back in a sync.
      connected.next(new Set([...Object.keys(joined.presenceState()), device]).size);
    });
    joined.subscribe((status) => {
      if (channel !== joined) return;
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
        connected.next(Math.max(connected.getValue() ?? 1, 1));
        void joined.track({ aparelho: device });
      } else connected.next(null);
    });
  }

  async function leave(): Promise<void> {
    const leaving = channel;
    channel = undefined;
    connected.next(null);
    if (leaving) await client.removeChannel(leaving);
  }

  const follow = (online: boolean) => {
    transition = transition
      .then(() => (online && !closed ? join() : leave()))
      .catch(() => {
        connected.next(null);
      });
  };
  const watching: Subscription = options.connectivity.changes.subscribe((state) => {
    follow(state.online);
  });

  return {
    connected$: connected.pipe(distinctUntilChanged()),
    async close() {
      closed = true;
      watching.unsubscribe();
      follow(false);
      await transition;
      connected.complete();
    },
  };
}
