// What each user and each address holds across Realtime sockets (sockets with a channel, channels, bindings), kept
// up to date as channels come and go, and the tenant limit a join (or a new access token) would go over.
import { REFUSALS, type Refusal, type TenantLimits } from './limits.ts';

/** One channel as the tally sees it: who it was joined as, and how many bindings it holds. */
export interface HeldChannel {
  caller: { claims: { sub?: unknown } };
  bindings: readonly unknown[];
}

/** One socket: its address and its channels by topic. */
export interface Holder {
  ip: string;
  channels: ReadonlyMap<string, HeldChannel>;
}

export interface Holdings {
  /** The limit a channel joined as `sub` under `topic` (replacing the one there) would go over, or null. */
  refusal(holder: Holder, topic: string, sub: string | null, bindings: number): Refusal | null;
  /** Records the holder's channels as they are now (after a join, a leave or a new access token). */
  update(holder: Holder): void;
  /** Forgets a closed socket. */
  remove(holder: Holder): void;
}

/** The user a channel was joined as; null for anon and the service role, which only the address limit counts. */
export function userOf(channel: Pick<HeldChannel, 'caller'>): string | null {
  const sub = channel.caller.claims.sub;
  return typeof sub === 'string' && sub !== '' ? sub : null;
}

export function createHoldings(limits: TenantLimits): Holdings {
  /** Sockets holding at least one channel joined as each user. */
  const byUser = new Map<string, Set<Holder>>();
  /** Sockets holding at least one channel, by address. */
  const byIp = new Map<string, Set<Holder>>();
  /** The users each socket is counted for, to undo its membership when its channels change. */
  const countedFor = new Map<Holder, Set<string>>();

  const join = <K>(index: Map<K, Set<Holder>>, key: K, holder: Holder) => {
    let holders = index.get(key);
    if (!holders) {
      holders = new Set();
      index.set(key, holders);
    }
    holders.add(holder);
  };
  const leave = <K>(index: Map<K, Set<Holder>>, key: K, holder: Holder) => {
    const holders = index.get(key);
    holders?.delete(holder);
    if (holders?.size === 0) index.delete(key);
  };

  /** Channels and bindings joined as `sub` on every socket, but the one under `topic` on `holder`. */
  function heldBy(sub: string, holder: Holder, topic: string): { channels: number; bindings: number } {
    let channels = 0;
    let bindings = 0;
    for (const other of byUser.get(sub) ?? []) {
      for (const [otherTopic, channel] of other.channels) {
        if ((other === holder && otherTopic === topic) || userOf(channel) !== sub) continue;
        channels++;
        bindings += channel.bindings.length;
      }
    }
    return { channels, bindings };
  }

  function remove(holder: Holder): void {
    for (const sub of countedFor.get(holder) ?? []) leave(byUser, sub, holder);
    countedFor.delete(holder);
    leave(byIp, holder.ip, holder);
  }

  return {
    refusal(holder, topic, sub, bindings) {
      // A socket already counted may join more; a new one is refused once the others reach the limit.
      const fromIp = byIp.get(holder.ip);
      if (fromIp && !fromIp.has(holder) && fromIp.size >= limits.maxSocketsPerIp) return REFUSALS.tooManyConnections;
      if (sub === null) return null;
      const ofUser = byUser.get(sub);
      if (ofUser && !ofUser.has(holder) && ofUser.size >= limits.maxSocketsPerUser) return REFUSALS.tooManyConnections;
      const held = heldBy(sub, holder, topic);
      if (held.channels + 1 > limits.maxChannelsPerUser) return REFUSALS.tooManyChannels;
      if (held.bindings + bindings > limits.maxBindingsPerUser) return REFUSALS.tooManyBindings;
      return null;
    },
    update(holder) {
      remove(holder);
      if (holder.channels.size === 0) return;
      join(byIp, holder.ip, holder);
      const users = new Set<string>();
      for (const channel of holder.channels.values()) {
        const sub = userOf(channel);
        if (sub !== null) users.add(sub);
      }
      for (const sub of users) join(byUser, sub, holder);
      countedFor.set(holder, users);
    },
    remove,
  };
}
