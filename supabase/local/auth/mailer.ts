// Emails of the Auth flows: stores a fresh one-time code (hashed) on the user, then puts the Portuguese
// message with its verify link into the outbox (the admin's generateLink stores the code and mails nothing). How often an address may be mailed is the routes' check
// (throttle.ts), made before they look the address up.
import type { Queryable } from '../db/database.ts';
import type { StackConfig } from '../config.ts';
import type { Outbox } from '../mail/outbox.ts';
import { renderMail, type TemplateKind } from '../mail/templates.ts';
import { AuthFailure } from './errors.ts';
import type { AuthSettings } from './settings.ts';
import { newOtp, tokenHash } from './tokens.ts';
import type { UserRow } from './users.ts';

export type VerifyType = 'signup' | 'recovery' | 'magiclink' | 'email_change';
/** What can be mailed: the verifiable kinds, and an invitation (verified as a sign-up confirmation). */
export type MailedType = VerifyType | 'invite';

/** Where each kind keeps its hash and its sent-at time in auth.users. */
const COLUMNS: Record<MailedType, { token: string; sentAt: string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
};

/** A fresh code stored on a user: the emailed link, the six-digit code and the hash kept for them. */
export interface IssuedLink {
  link: string;
  otp: string;
  hash: string;
}

export interface Mailer {
  /** Sends the `type` email to the user (to `newEmail` for an email change) with a link back to `redirectTo`. */
  send(db: Queryable, user: UserRow, type: MailedType, redirectTo: string, newEmail?: string): Promise<void>;
  /** Stores a fresh `type` code on the user and answers its link, without mailing it. */
  issue(db: Queryable, user: UserRow, type: MailedType, redirectTo: string, newEmail?: string): Promise<IssuedLink>;
  /** Mails the user a reauthentication code (the nonce of a sensitive change), stored hashed on the user. */
  sendReauthentication(db: Queryable, user: UserRow): Promise<void>;
}

function metadataText(user: UserRow, key: string): string | undefined {
  const value = user.raw_user_meta_data[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

export function createMailer(config: StackConfig, settings: AuthSettings, outbox: Outbox): Mailer {
  async function issue(
    db: Queryable,
    user: UserRow,
    type: MailedType,
    redirectTo: string,
    newEmail?: string,
  ): Promise<IssuedLink> {
    const columns = COLUMNS[type];
    const to = type === 'email_change' ? newEmail : user.email;
    if (!to || !user.email) throw new AuthFailure(400, 'validation_failed', 'An email address is required');
    const otp = newOtp();
    const hash = tokenHash(to, otp);
    // Stamped with the Auth clock, the one code expiry is measured on.
    await db.query(`UPDATE auth.users SET ${columns.token} = $2, ${columns.sentAt} = $3::timestamptz WHERE id = $1::uuid`, [
      user.id,
      hash,
      new Date(settings.now()).toISOString(),
    ]);
    if (type === 'email_change') {
      await db.query(`UPDATE auth.users SET email_change = $2 WHERE id = $1::uuid`, [user.id, to]);
    }
    const link = new URL(`${config.publicUrl}/auth/v1/verify`);
    link.searchParams.set('token', hash);
    link.searchParams.set('type', type);
    link.searchParams.set('redirect_to', redirectTo);
    if (type === 'invite')
      await db.query(`UPDATE auth.users SET invited_at = $2::timestamptz WHERE id = $1::uuid`, [
        user.id,
        new Date(settings.now()).toISOString(),
      ]);
    return { link: link.href, otp, hash };
  }

  return {
    issue,
    async send(db, user, type, redirectTo, newEmail) {
      const { link, otp } = await issue(db, user, type, redirectTo, newEmail);
      const to = type === 'email_change' ? (newEmail ?? '') : (user.email ?? '');
      const template: TemplateKind = type;
      const name = metadataText(user, 'nome');
      await outbox.send(renderMail(template, { to, link, otp, name, shopName: metadataText(user, 'nome_mercado') }), db);
      if (type === 'email_change' && user.email) {
        await outbox.send(renderMail('email_change_notice', { to: user.email, name, newEmail: to }), db);
      }
    },
    async sendReauthentication(db, user) {
      if (!user.email)
        throw new AuthFailure(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
      const otp = newOtp();
      await db.query(
        `UPDATE auth.users SET reauthentication_token = $2, reauthentication_sent_at = $3::timestamptz WHERE id = $1::uuid`,
        [user.id, tokenHash(user.email, otp), new Date(settings.now()).toISOString()],
      );
      await outbox.send(renderMail('reauthentication', { to: user.email, otp, name: metadataText(user, 'nome') }), db);
    },
  };
}

/** The column holding the hash that a verification of `type` checks. */
export function tokenColumnOf(type: VerifyType): { token: string; sentAt: string } {
  return COLUMNS[type];
}
