// The account's commands: sign-in and sign-up, email codes, password recovery, the profile's fields, the
// subscription and sign-out, each over the session lifecycle (session-lifecycle.ts).
import type { Session } from '@supabase/supabase-js';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import { sessionIdOf } from './device-session.ts';
import { accountError, toAccountError } from './errors.ts';
import { parseRecoveryLink } from './recovery-link.ts';
import { emailCodeSchema, marketNameSchema, pixKeySchema, type EmailCodeInput, type PixKeyInput } from './schema.ts';
import { PENDING_EMAIL_KEY, type AccountOptions, type AccountSession } from './session-lifecycle.ts';
import { createSubscriptionHandlers } from './subscription.ts';
import type { AccountState, AccountUser, SignInInput, SignUpInput } from './types.ts';

export function createAccountHandlers(session: AccountSession, options: Pick<AccountOptions, 'storage' | 'siteOrigin' | 'tabs'>) {
  const { client, loadFor, publishSignedOut, withCommand, enter } = session;
  const { storage } = options;

  const requireOnline = (message: string) => {
    if (!session.online()) throw accountError('offline', message);
  };

  const signedInUser = (): AccountUser => {
    const current = session.state();
    if (current.status !== 'signed_in') throw accountError('not_signed_in', 'no active session');
    return current.user;
  };

  /** Checks an emailed six-digit code with the server; a wrong, spent or expired code is `otp_expired`. */
  const verifyEmailCode = async (input: EmailCodeInput, type: 'signup' | 'recovery'): Promise<Session> => {
    const { email, code } = parseInput(emailCodeSchema, input);
    requireOnline(type === 'signup' ? 'sign-up confirmation' : 'password recovery');
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type });
    if (error) throw toAccountError(error);
    if (!data.session) throw accountError('otp_expired', 'the code opened no session');
    return data.session;
  };

  return {
    /** The account after start-up (session restored, online or from the cache). */
    current: (): Promise<AccountState> => session.current(),

    /** Asks the server whether this device's session is still the active one (the page calls it on focus). */
    verifyDevice: (): Promise<void> => session.verifyDevice(),

    signIn: (input: SignInInput): Promise<AccountState> =>
      withCommand(async () => {
        requireOnline('sign-in');
        const { data, error } = await client.auth.signInWithPassword({ email: input.email.trim(), password: input.password });
        if (error) throw toAccountError(error);
        return enter(data.session);
      }),

    /** Creates the account; the profile row is made by the server from the metadata. */
    signUp: async (input: SignUpInput): Promise<{ confirmationRequired: boolean }> => {
      requireOnline('sign-up');
      const email = input.email.trim();
      const { data, error } = await client.auth.signUp({
        email,
        password: input.password,
        options: {
          data: { nome: input.nome.trim(), nome_mercado: input.nomeMercado.trim(), telefone: input.telefone },
          emailRedirectTo: `${options.siteOrigin}/login?verified=1`,
        },
      });
      if (error) throw toAccountError(error);
      await storage.setItem(PENDING_EMAIL_KEY, email);
      return { confirmationRequired: !data.session };
    },

    /** The email of the last registration or confirmation resent on this device, for /verify-email. */
    pendingEmail: (): Promise<string | null> => storage.getItem(PENDING_EMAIL_KEY),

    resendConfirmation: async (email?: string): Promise<void> => {
      requireOnline('resend confirmation');
      const target = email?.trim() || (await storage.getItem(PENDING_EMAIL_KEY));
      if (!target) throw accountError('not_signed_in', 'unknown email');
      const { error } = await client.auth.resend({
        type: 'signup',
        email: target,
        options: { emailRedirectTo: `${options.siteOrigin}/login?verified=1` },
      });
      if (error) throw toAccountError(error);
      // /verify-email then knows whose code the owner is about to type (the login's resend names any address).
      await storage.setItem(PENDING_EMAIL_KEY, target);
    },

    /** The code of the sign-up email, typed on /verify-email: confirms the address and signs the owner in. */
    confirmSignupCode: (input: EmailCodeInput): Promise<AccountState> =>
      withCommand(async () => enter(await verifyEmailCode(input, 'signup'))),

    requestPasswordReset: async (email: string): Promise<void> => {
      requireOnline('password recovery');
      const { error } = await client.auth.resetPasswordForEmail(email.trim(), {
        redirectTo: `${options.siteOrigin}/reset-password`,
      });
      if (error) throw toAccountError(error);
    },

    /** Turns the recovery link's fragment or query into a session that may set a new password. */
    acceptRecoveryLink: (link: { hash: string; search: string }): Promise<{ email: string }> =>
      withCommand(async () => {
        const parsed = parseRecoveryLink(link.hash, link.search);
        if (parsed.kind === 'error') throw accountError('otp_expired', parsed.description || parsed.code);
        if (parsed.kind === 'none') {
          const { data } = await client.auth.getSession();
          if (data.session) return { email: data.session.user.email ?? '' };
          throw accountError('otp_expired', 'recovery link missing');
        }
        requireOnline('password recovery');
        const { data, error } =
          parsed.kind === 'session'
            ? await client.auth.setSession({ access_token: parsed.accessToken, refresh_token: parsed.refreshToken })
            : await client.auth.verifyOtp({ token_hash: parsed.tokenHash, type: 'recovery' });
        if (error) throw toAccountError(error);
        session.follow(data.session);
        return { email: data.user?.email ?? '' };
      }),

    /** The code of the recovery email: opens the session in which /reset-password sets the new password. */
    acceptRecoveryCode: (input: EmailCodeInput): Promise<{ email: string }> =>
      withCommand(async () => {
        const recovery = await verifyEmailCode(input, 'recovery');
        session.follow(recovery);
        return { email: recovery.user.email ?? '' };
      }),

    /** Sets the new password of the recovery session, then ends that session so the owner signs in again. */
    completePasswordReset: (password: string): Promise<void> =>
      withCommand(async () => {
        requireOnline('password recovery');
        const { error } = await client.auth.updateUser({ password });
        if (error) throw toAccountError(error);
        const pending = await session.pendingChanges();
        if (pending === 0) {
          await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
          await publishSignedOut('signed_out');
          options.tabs?.announce();
        }
      }),

    /** 'Atualizar Status': reloads the profile (plan, trial, premium expiry) from the server. */
    refreshProfile: async (): Promise<AccountState> => {
      requireOnline('profile refresh');
      signedInUser();
      const { data } = await client.auth.getSession();
      if (!data.session) throw accountError('not_signed_in', 'session expired');
      await loadFor(data.session, true);
      return session.state();
    },

    updateMarketName: async (name: string): Promise<AccountState> => {
      const { nomeMercado } = parseInput(marketNameSchema, { nomeMercado: name });
      requireOnline('market name update');
      const user = signedInUser();
      const { error, status } = await client.from('users').update({ nome_mercado: nomeMercado }).eq('id', user.id);
      if (error) throw status === 0 ? accountError('offline', error.message) : accountError('internal', error.message);
      const { data } = await client.auth.getSession();
      if (data.session) await loadFor(data.session, false);
      return session.state();
    },

    /** 'Minha Conta' › PIX: the key and city of the owner's BR Code (a blank key clears it); online only. */
    updatePixKey: async (input: PixKeyInput): Promise<AccountState> => {
      const { chavePix, cidade } = parseInput(pixKeySchema, input);
      requireOnline('PIX key update');
      const user = signedInUser();
      const { error, status } = await client.from('users').update({ chave_pix: chavePix, cidade }).eq('id', user.id);
      if (error) {
        if (status === 0) throw accountError('offline', error.message);
        // The server's CHECK (users_chave_pix_valida, users_cidade_valida): the same rules the device ran.
        if (error.code === '23514') {
          const field = error.message.includes('cidade') ? 'cidade' : 'chavePix';
          throw DataError.invalid([{ field, code: 'invalid_format' }], error.message);
        }
        throw accountError('internal', error.message);
      }
      const { data } = await client.auth.getSession();
      if (data.session) await loadFor(data.session, false);
      return session.state();
    },

    ...createSubscriptionHandlers({
      client,
      requireOnline,
      signedInUser,
      reloadProfile: async () => {
        const { data } = await client.auth.getSession();
        if (data.session) await loadFor(data.session, true);
        return session.state();
      },
    }),

    /** Refused while changes are unsynced (they would have no owner here) and offline (no way back in). */
    signOut: (): Promise<void> =>
      withCommand(async () => {
        const pending = await session.pendingChanges();
        if (pending > 0) throw accountError('unsynced_changes', undefined, { pending });
        requireOnline('sign-out');
        const { data } = await client.auth.getSession();
        if (data.session) {
          // The device session is closed on the server first; a missing function must not block leaving.
          await Promise.resolve(
            client.rpc('deactivate_specific_user_session', {
              p_user_id: data.session.user.id,
              p_session_token: sessionIdOf(data.session.access_token) ?? '',
            }),
          ).catch(() => undefined);
        }
        const { error } = await client.auth.signOut({ scope: 'local' });
        if (error) throw toAccountError(error);
        await session.leave('signed_out');
      }),
  };
}
