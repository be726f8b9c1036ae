// Slowing password guessing down without letting anyone lock an owner out: each try is paid for up front
// from two buckets, the caller's address with this account (max_login_attempts, coming back over
// lockout_duration) and the caller's address across all accounts; a right password gives the try back.
// Nothing is counted per account alone, so a stranger hammering from one place never slows the owner's.
import type { AuthCall } from './call.ts';
import { ipKey, type Rate } from './rate-limiter.ts';
import type { SignInPolicy } from './security.ts';

export type ThrottleScope = 'ip_account' | 'ip';

export interface SignInThrottle {
  /** Spends one try, or says which bucket is empty and for how long (nothing spent then). */
  begin(): { scope: ThrottleScope; waitSeconds: number } | null;
  /** The try failed: how many this address has used on this account, and which bucket it emptied. */
  fail(): { attempt: number; throttled: ThrottleScope | null };
  /** The password was right: this address starts afresh on this account and gets its try back. */
  succeed(): void;
}

export function signInThrottle(call: AuthCall, email: string, policy: SignInPolicy): SignInThrottle {
  const limiter = call.limits.signIns;
  const address = ipKey(call.ip);
  const buckets: Record<ThrottleScope, { key: string; rate: Rate }> = {
    ip_account: {
      key: `${address}|${email}`,
      rate: { burst: policy.maxAttempts, refill: policy.maxAttempts, perSeconds: policy.lockoutMinutes * 60 },
    },
    ip: { key: address, rate: call.settings.rates.failedSignInsPerIp },
  };
  const scopes: ThrottleScope[] = ['ip_account', 'ip'];
  return {
    begin() {
      for (const scope of scopes) {
        const { key, rate } = buckets[scope];
        const waitSeconds = limiter.waitSeconds(key, rate);
        if (waitSeconds > 0)
          return { scope, waitSeconds: Number.isFinite(waitSeconds) ? waitSeconds : policy.lockoutMinutes * 60 };
      }
      for (const scope of scopes) limiter.take(buckets[scope].key, buckets[scope].rate);
      return null;
    },
    fail() {
      const emptied = scopes.find((scope) => limiter.waitSeconds(buckets[scope].key, buckets[scope].rate) > 0) ?? null;
      return { attempt: limiter.used(buckets.ip_account.key, buckets.ip_account.rate), throttled: emptied };
    },
    succeed() {
      limiter.reset(buckets.ip_account.key);
      limiter.giveBack(buckets.ip.key, buckets.ip.rate);
    },
  };
}
