// What one Realtime socket may hold and how fast it may join, and what one user and one address may hold across
// sockets, refused with Supabase Realtime's own reasons.
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
  /** A socket that sends nothing (not even a heartbeat) this long is closed, as Phoenix's websocket timeout does. */
  idleTimeoutMs: number;
  filters: FilterLimits;
}

/**
 * Realtime's tenant limit (max_concurrent_users: sockets holding a channel) counted per user and per address, and
 * the per-socket caps summed over a user's sockets: one user's channels and bindings cost every other user's
 * deliveries, so one user may hold about what one full socket holds, however many sockets it opens.
 */
export interface TenantLimits {
  /** Sockets holding a channel joined as one user (a few tabs on a few devices). */
  maxSocketsPerUser: number;
  /** Sockets holding a channel, from one address (the devices of a shop behind one router, test runs). */
  maxSocketsPerIp: number;
  /** Channels joined as one user over all its sockets. */
  maxChannelsPerUser: number;
  /** postgres_changes bindings joined as one user over all its sockets. */
  maxBindingsPerUser: number;
}

export type RealtimeLimits = SocketLimits & TenantLimits;

export const SOCKET_LIMITS: SocketLimits = {
  maxChannels: 100,
  maxBindingsPerChannel: 100,
  maxBindingsPerSocket: 1000,
  maxJoinsPerSecond: 100,
  idleTimeoutMs: 60_000,
  filters: FILTER_LIMITS,
};

/**
 * The app holds one channel (a binding per replicated table) per signed-in tab that replicates; the e2e runs and
 * the benches open at most a few dozen sockets from 127.0.0.1 at once.
 */
export const TENANT_LIMITS: TenantLimits = {
  maxSocketsPerUser: 10,
  maxSocketsPerIp: 50,
  maxChannelsPerUser: 100,
  maxBindingsPerUser: 1000,
};

/** The tenant limits set in the environment (REALTIME_MAX_SOCKETS_PER_USER, REALTIME_MAX_SOCKETS_PER_IP). */
export function tenantLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<TenantLimits> {
  const limits: Partial<TenantLimits> = {};
  const read = (name: string): number | undefined => {
    const text = env[name]?.trim();
    if (!text) return undefined;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got "${text}"`);
    return value;
  };
  const perUser = read('REALTIME_MAX_SOCKETS_PER_USER');
  const perIp = read('REALTIME_MAX_SOCKETS_PER_IP');
  if (perUser !== undefined) limits.maxSocketsPerUser = perUser;
  if (perIp !== undefined) limits.maxSocketsPerIp = perIp;
  return limits;
}

/** Join replies Realtime sends (`reason`), which realtime-js hands to subscribe() as CHANNEL_ERROR. */
export const REFUSALS = {
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
  tooManyBindings: 'ChannelRateLimitReached: Too many postgres_changes bindings',
  tooManyConnections: 'ConnectionRateLimitReached: Too many connected users',
} as const;

export type Refusal = (typeof REFUSALS)[keyof typeof REFUSALS];

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
