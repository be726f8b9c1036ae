// What one Realtime socket may hold and how fast it may join, refused with Supabase Realtime's own reasons.
import { FILTER_LIMITS, type FilterLimits } from './filters.ts';

export interface SocketLimits {
  /** Channels joined at once (Realtime's max_channels_per_client default). */
  maxChannels: number;
  /** postgres_changes bindings of one channel. */
  maxBindingsPerChannel: number;
  /** postgres_changes bindings of all the socket's channels together. */
  maxBindingsPerSocket: number;
  /** Joins in any one-second window (Realtime's max_joins_per_second default, counted per socket here). */
  maxJoinsPerSecond: number;
  filters: FilterLimits;
}

export const SOCKET_LIMITS: SocketLimits = {
  maxChannels: 100,
  maxBindingsPerChannel: 100,
  maxBindingsPerSocket: 1000,
  maxJoinsPerSecond: 100,
  filters: FILTER_LIMITS,
};

/** Join replies Realtime sends (`reason`), which realtime-js hands to subscribe() as CHANNEL_ERROR. */
export const REFUSALS = {
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
  tooManyBindings: 'ChannelRateLimitReached: Too many postgres_changes bindings',
} as const;

export interface JoinRate {
  /** Counts a join; false when the socket already joined `max` times in the last second. */
  allow(): boolean;
}

/** A sliding one-second window: the oldest of the last `max` joins must be a second old. */
export function createJoinRate(max: number, now: () => number): JoinRate {
  const times: number[] = [];
  let next = 0;
  return {
    allow() {
      const at = now();
      const oldest = times[next];
      if (oldest !== undefined && at - oldest < 1000) return false;
      times[next] = at;
      next = (next + 1) % max;
      return true;
    },
  };
}
