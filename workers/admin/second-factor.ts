// The admin's second factor ('Exigir autenticação de dois fatores (2FA)'): whether this session still owes one
// before the admin screens open (the server's segundo_fator_pendente), enrolling a TOTP authenticator, and
// proving a code, which moves the session to aal2 (Supabase Auth MFA through supabase-js).
import type { SupabaseClient } from '@supabase/supabase-js';
import * as v from 'valibot';
import { DataError } from '../contract/errors.ts';
import type { ConnectivitySource } from '../system/connectivity.ts';
import { createAdminServer, reaching, serverError } from './server.ts';

export interface SecondFactorState {
  /** True while this admin session must prove a second factor before the admin screens open. */
  readonly owed: boolean;
  /** The verified authenticator to prove it with; null when one must be enrolled first. */
  readonly factorId: string | null;
}

export interface TotpEnrolment {
  readonly factorId: string;
  /** The key to type into an authenticator app (base32). */
  readonly secret: string;
  /** The otpauth:// URI the QR code carries. */
  readonly uri: string;
}

const CodeInput = v.object({
  factorId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'invalid_format')),
});

/** An Auth failure of supabase-js as a DataError: a wrong or stale code, no network, or anything else. */
function authFailure(error: { code?: string; status?: number; name?: string; message: string }): DataError {
  const diagnostic = error.message;
  if (error.code === 'mfa_verification_failed' || error.code === 'mfa_challenge_expired')
    return new DataError('mfa_code_invalid', { diagnostic });
  if (error.status === 0 || error.name === 'AuthRetryableFetchError') return new DataError('offline', { diagnostic });
  if (error.code === 'insufficient_aal' || error.status === 401 || error.status === 403)
    return new DataError('forbidden', { diagnostic });
  return new DataError('internal', { diagnostic });
}

export function createSecondFactorDomain(options: { client: () => SupabaseClient; connectivity: ConnectivitySource }) {
  const server = createAdminServer(options.client, options.connectivity);
  return {
    handlers: {
      async state(): Promise<SecondFactorState> {
        const client = server.online();
        const owed = await reaching(() => client.rpc('segundo_fator_pendente'));
        if (owed.error) throw serverError(owed.error, owed.status);
        if (owed.data !== true) return { owed: false, factorId: null };
        const factors = await reaching(() => client.auth.mfa.listFactors());
        if (factors.error) throw authFailure(factors.error);
        return { owed: true, factorId: factors.data.totp[0]?.id ?? null };
      },

      /** A new authenticator to enrol (an earlier one never confirmed is dropped first). */
      async enrol(): Promise<TotpEnrolment> {
        const client = server.online();
        const factors = await reaching(() => client.auth.mfa.listFactors());
        if (factors.error) throw authFailure(factors.error);
        for (const stale of factors.data.all.filter((factor) => factor.status === 'unverified')) {
          await reaching(() => client.auth.mfa.unenroll({ factorId: stale.id }));
        }
        const enrolled = await reaching(() => client.auth.mfa.enroll({ factorType: 'totp' }));
        if (enrolled.error) throw authFailure(enrolled.error);
        return { factorId: enrolled.data.id, secret: enrolled.data.totp.secret, uri: enrolled.data.totp.uri };
      },

      /** Proves the authenticator's current code: the session is at aal2 from then on. */
      async verify(input: { factorId: string; code: string }): Promise<true> {
        const parsed = v.safeParse(CodeInput, input);
        if (!parsed.success) throw new DataError('invalid_input', { issues: [{ field: 'code', code: 'invalid_format' }] });
        const client = server.online();
        const verified = await reaching(() => client.auth.mfa.challengeAndVerify(parsed.output));
        if (verified.error) throw authFailure(verified.error);
        return true;
      },
    },
  };
}
