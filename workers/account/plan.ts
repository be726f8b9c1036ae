// Derives the plan state (trial active or expired, premium) from the profile: a pure function of time.
import type { PlanState, Profile } from './types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function derivePlan(profile: Profile | null, now: Date = new Date()): PlanState {
  const paymentStatus = profile?.status_pagamento ?? null;
  const premiumUntil = profile?.data_fim_plano ?? null;
  // Premium lasts until data_fim_plano (the server's plano_vigente); afterwards the free rules apply again.
  const premiumActive = profile?.plano === 'premium' && (!premiumUntil || new Date(premiumUntil).getTime() > now.getTime());
  if (profile && premiumActive) {
    return { kind: 'premium', isPremium: true, trialEndsAt: profile.trial_end_date, trialDaysLeft: null, premiumUntil, paymentStatus };
  }
  const trialEndsAt = profile?.trial_end_date ?? null;
  // Without a profile yet (first start offline, or still loading) the owner is not locked out.
  if (!trialEndsAt) return { kind: 'trial', isPremium: false, trialEndsAt, trialDaysLeft: null, premiumUntil, paymentStatus };
  const left = new Date(trialEndsAt).getTime() - now.getTime();
  const expired = !(left > 0);
  return {
    kind: expired ? 'trial_expired' : 'trial',
    isPremium: false,
    trialEndsAt,
    trialDaysLeft: expired ? 0 : Math.ceil(left / DAY_MS),
    premiumUntil,
    paymentStatus,
  };
}
