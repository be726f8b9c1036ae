// TOTP multi-factor authentication answers supabase-js's `auth.mfa` as GoTrue does: enrol (secret, otpauth URI and
// QR code), challenge, verify (the session moves to aal2 with `totp` in its amr), listFactors,
// getAuthenticatorAssuranceLevel and unenrol; and `auth.jwt()->>'aal'` is usable in row-level security.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import type { Database } from '../../supabase/local/db/database.ts';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const PASSWORD = 'Senha@Forte1';

// A vault row only a second-factor session reads.
const FIXTURE = `
CREATE TABLE public.cofre (id int PRIMARY KEY, segredo text NOT NULL);
ALTER TABLE public.cofre ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON public.cofre TO authenticated;
CREATE POLICY cofre_aal2 ON public.cofre FOR SELECT TO authenticated USING ((auth.jwt() ->> 'aal') = 'aal2');
INSERT INTO public.cofre VALUES (1, 'combinação do cofre');
`;

let db: Database;
let stack: TestStack;
let serial = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec(FIXTURE);
  stack = await startTestStack({ db });
});

afterAll(async () => {
  await stack.close();
  await db.close();
});

async function signedIn(label: string): Promise<SupabaseClient> {
  serial += 1;
  const email = `${label}.${serial}.${process.pid}@teste.dev`;
  const created = await stack.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(created.error).toBeNull();
  const client = stack.client();
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return client;
}

/** A code that is none of the codes accepted now (this step and those either side). */
function wrongCode(secret: string): string {
  const accepted = [-30_000, 0, 30_000, 60_000].map((shift) => totpCode(secret, Date.now() + shift));
  let candidate = 0;
  while (accepted.includes(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

async function accessClaims(client: SupabaseClient): Promise<Record<string, unknown>> {
  const { data } = await client.auth.getSession();
  return decodeJwt(data.session?.access_token ?? '');
}

describe('TOTP', () => {
  it('computes RFC 6238 codes (SHA-1, the RFC test secret at 59 s)', () => {
    // "12345678901234567890" in base32; the RFC's 8-digit code 94287082 ends in these six.
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
  });
});

describe('auth.mfa', () => {
  it('enrols, challenges and verifies a TOTP factor: the session becomes aal2 and RLS reads the level', async () => {
    const client = await signedIn('mfa');
    expect(await accessClaims(client)).toMatchObject({ aal: 'aal1' });
    expect((await client.from('cofre').select('segredo')).data).toEqual([]);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });

    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Celular' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data;
    if (!factor) throw new Error('no TOTP factor');
    expect(factor.friendly_name).toBe('Celular');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(factor.totp.uri);
    expect(uri.protocol + uri.host).toBe('otpauth:totp');
    expect(uri.searchParams.get('secret')).toBe(factor.totp.secret);
    expect(uri.searchParams.get('issuer')).toBeTruthy();
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    // Unverified, it is listed among all but not among the verified ones.
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all.map((each) => [each.id, each.status])).toEqual([[factor.id, 'unverified']]);
    expect(listed.data?.totp).toEqual([]);

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    if (!challenge.data) throw new Error('no challenge');
    expect(challenge.data.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data.id,
      code: wrongCode(factor.totp.secret),
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.message).toBe('Invalid TOTP code entered');

    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data.id,
      code: totpCode(factor.totp.secret, Date.now()),
    });
    expect(verified.error).toBeNull();
    const claims = await accessClaims(client);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['totp', 'password']);
    expect((await client.from('cofre').select('segredo')).data).toEqual([{ segredo: 'combinação do cofre' }]);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect((await client.auth.mfa.listFactors()).data?.totp.map((each) => each.id)).toEqual([factor.id]);

    // A refreshed session keeps its level.
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal2');

    // The same challenge cannot be answered twice.
    const again = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data.id,
      code: totpCode(factor.totp.secret, Date.now()),
    });
    expect(again.error?.code).toBe('mfa_factor_not_found');
  });

  it('asks the next level of a new aal1 session of a user with a verified factor', async () => {
    const client = await signedIn('proximo');
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    if (!factor) throw new Error('no TOTP factor');
    expect(
      (await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpCode(factor.totp.secret, Date.now()) })).error,
    ).toBeNull();

    const { data: session } = await client.auth.getSession();
    const other = stack.client();
    const email = session.session?.user.email ?? '';
    expect((await other.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    // At aal1 a verified factor can be neither removed nor joined by another.
    expect((await other.auth.mfa.unenroll({ factorId: factor.id })).error?.code).toBe('insufficient_aal');
    expect((await other.auth.mfa.enroll({ factorType: 'totp' })).error?.code).toBe('insufficient_aal');
  });

  it('unenrols a factor from an aal2 session, which falls back to aal1 on its next token', async () => {
    const client = await signedIn('remove');
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    if (!factor) throw new Error('no TOTP factor');
    // Another factor of the same name is refused.
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' })).error?.code).toBe(
      'mfa_factor_name_conflict',
    );
    await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpCode(factor.totp.secret, Date.now()) });
    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).data).toEqual({ id: factor.id });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
    // Someone else's factor id is unknown to this user.
    const stranger = await signedIn('estranho');
    expect((await stranger.auth.mfa.challenge({ factorId: factor.id })).error?.code).toBe('mfa_factor_not_found');
  });

  it("ten wrong codes lock the account's verification for a while, the right code included; another account goes on", async () => {
    const owner = await signedIn('adivinha');
    const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.error).toBeNull();
    const factorId = enrolled.data?.id ?? '';
    const secret = enrolled.data?.type === 'totp' ? enrolled.data.totp.secret : '';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await owner.auth.mfa.challengeAndVerify({ factorId, code: wrongCode(secret) });
      expect(wrong.error?.code).toBe('mfa_verification_failed');
    }
    // The right code too: the account's budget is spent (a guesser cannot tell it found the code).
    const locked = await owner.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, Date.now()) });
    expect(locked.error?.code).toBe('over_request_rate_limit');
    expect(locked.error?.status).toBe(429);
    expect((await accessClaims(owner)).aal).toBe('aal1');

    const neighbour = await signedIn('vizinha');
    const theirs = await neighbour.auth.mfa.enroll({ factorType: 'totp' });
    const theirSecret = theirs.data?.type === 'totp' ? theirs.data.totp.secret : '';
    const verified = await neighbour.auth.mfa.challengeAndVerify({
      factorId: theirs.data?.id ?? '',
      code: totpCode(theirSecret, Date.now()),
    });
    expect(verified.error).toBeNull();
    expect((await accessClaims(neighbour)).aal).toBe('aal2');
  });
});
