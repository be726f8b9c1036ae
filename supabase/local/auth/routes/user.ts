// The signed-in user's own endpoints: GET /user, PUT /user (metadata, password, email change, with the
// reauthentication nonce when one is given), /logout, and the identity-linking ones GoTrue keeps switched off.
import { json } from '../../service.ts';
import { redirectOf, type AuthCall } from '../call.ts';
import { AuthFailure, emailExists } from '../errors.ts';
import { assertStrongEnough, hashPassword, passwordMatches } from '../passwords.ts';
import { metadataField, normalizeEmail, readBody, requireUser, stringField } from '../request.ts';
import { endSessions, type LogoutScope } from '../sessions.ts';
import { limitEmail } from '../throttle.ts';
import { findUserByEmail, mergeMetadata, reloadUser, userJson } from '../users.ts';
import { consumeNonce } from './reauthenticate.ts';

export async function getUser(call: AuthCall): Promise<Response> {
  const { user } = await requireUser(call.request, call.config, call.db);
  return json(await userJson(call.db, user));
}

export async function updateUser(call: AuthCall): Promise<Response> {
  const { user, sessionId } = await requireUser(call.request, call.config, call.db);
  const body = await readBody(call.request);
  const data = metadataField(body, 'data');
  const password = stringField(body, 'password');
  const emailText = stringField(body, 'email');
  const newEmail = emailText ? normalizeEmail(emailText) : undefined;
  if (password !== undefined) {
    assertStrongEnough(password, call.settings.minPasswordLength);
    if (await passwordMatches(password, user.encrypted_password)) {
      throw new AuthFailure(422, 'same_password', 'New password should be different from the old password.');
    }
  }
  const passwordHash = password === undefined ? null : await hashPassword(password);
  const redirect = redirectOf(call);
  if (newEmail && newEmail !== user.email?.toLowerCase()) limitEmail(call.limits, call.settings, 'email_change', newEmail);

  const nonce = stringField(body, 'nonce');

  const answer = await call.db.transaction(async (tx) => {
    if (nonce !== undefined && password !== undefined) await consumeNonce(call, tx, user, nonce);
    if (data) {
      await tx.query(`UPDATE auth.users SET raw_user_meta_data = $2::jsonb, updated_at = now() WHERE id = $1::uuid`, [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
      ]);
    }
    if (passwordHash) {
      await tx.query(`UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1::uuid`, [
        user.id,
        passwordHash,
      ]);
      // A new password ends every other session, as GoTrue does.
      await endSessions(tx, user.id, sessionId, 'others');
    }
    if (newEmail && newEmail !== user.email?.toLowerCase()) {
      const holder = await findUserByEmail(tx, newEmail);
      if (holder && holder.id !== user.id) throw emailExists();
      await call.mailer.send(tx, await reloadUser(tx, user.id), 'email_change', redirect, newEmail);
    }
    return userJson(tx, await reloadUser(tx, user.id));
  });
  return json(answer);
}

export async function logout(call: AuthCall): Promise<Response> {
  const { user, sessionId } = await requireUser(call.request, call.config, call.db);
  const scopeText = call.url.searchParams.get('scope') ?? 'global';
  if (scopeText !== 'global' && scopeText !== 'local' && scopeText !== 'others') {
    throw new AuthFailure(400, 'validation_failed', `Unsupported logout scope "${scopeText}"`);
  }
  const scope: LogoutScope = scopeText;
  await endSessions(call.db, user.id, sessionId, scope);
  return new Response(null, { status: 204 });
}

/** /user/identities/…: manual identity linking is off, as in a new Supabase project (after the caller's check). */
export async function identities(call: AuthCall): Promise<Response> {
  await requireUser(call.request, call.config, call.db);
  throw new AuthFailure(404, 'manual_linking_disabled', 'Manual linking is disabled');
}
