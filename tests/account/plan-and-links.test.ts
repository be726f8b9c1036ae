// Plan derivation (trial active/expired, premium) and the recovery link parser.
import { describe, expect, it } from 'vitest';
import { derivePlan } from '../../workers/account/plan.ts';
import { parseRecoveryLink } from '../../workers/account/recovery-link.ts';
import { resolveBackendConfig, LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from '../../workers/account/config.ts';
import type { Profile } from '../../workers/account/types.ts';

const base: Profile = {
  id: 'u', nome: 'N', email: 'e', telefone: null, nome_mercado: null, plano: 'free',
  trial_end_date: '2026-12-01T00:00:00Z', data_inicio_plano: null, data_fim_plano: null, status_pagamento: null,
  chave_pix: null, cidade: null,
};

describe('derivePlan', () => {
  it('counts whole days left in an active trial', () => {
    expect(derivePlan(base, new Date('2026-11-22T12:00:00Z'))).toMatchObject({ kind: 'trial', trialDaysLeft: 9, isPremium: false });
  });
  it('expires exactly at the end date', () => {
    expect(derivePlan(base, new Date('2026-12-01T00:00:00Z'))).toMatchObject({ kind: 'trial_expired', trialDaysLeft: 0 });
  });
  it('premium ignores the trial', () => {
    const premium = { ...base, plano: 'premium' as const, data_fim_plano: '2027-01-01', status_pagamento: 'ativo' };
    expect(derivePlan(premium, new Date('2026-12-15'))).toMatchObject({ kind: 'premium', isPremium: true, premiumUntil: '2027-01-01' });
  });
  it('premium past its end date falls back to the free rules', () => {
    const lapsed = { ...base, plano: 'premium' as const, data_fim_plano: '2026-11-01T00:00:00Z', trial_end_date: '2026-10-01T00:00:00Z' };
    expect(derivePlan(lapsed, new Date('2026-11-22'))).toMatchObject({ kind: 'trial_expired', isPremium: false });
  });
  it('without a profile the owner is not locked out', () => {
    expect(derivePlan(null).kind).toBe('trial');
  });
});

describe('parseRecoveryLink', () => {
  it('reads tokens from the fragment', () => {
    expect(parseRecoveryLink('#access_token=a&refresh_token=r&type=recovery', '')).toEqual({ kind: 'session', accessToken: 'a', refreshToken: 'r' });
  });
  it('reads a token hash from the query', () => {
    expect(parseRecoveryLink('', '?token_hash=h&type=recovery')).toEqual({ kind: 'token_hash', tokenHash: 'h' });
  });
  it('reports an expired link', () => {
    expect(parseRecoveryLink('#error=access_denied&error_code=otp_expired&error_description=x', '')).toMatchObject({ kind: 'error', code: 'otp_expired' });
  });
  it('says when there is nothing', () => {
    expect(parseRecoveryLink('', '')).toEqual({ kind: 'none' });
  });
});

describe('resolveBackendConfig', () => {
  it('defaults to the local stack and trims a trailing slash', () => {
    expect(resolveBackendConfig({})).toEqual({ url: LOCAL_SUPABASE_URL, anonKey: LOCAL_ANON_KEY });
    expect(resolveBackendConfig({ VITE_SUPABASE_URL: 'https://x.supabase.co/', VITE_SUPABASE_ANON_KEY: 'k' })).toEqual({ url: 'https://x.supabase.co', anonKey: 'k' });
  });
});
