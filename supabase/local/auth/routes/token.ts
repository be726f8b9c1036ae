// POST /token: the password grant (with Caderneta's sign-in throttle and its security log) and the
// refresh_token grant. Banned and suspended accounts get GoTrue's user_banned on both.
import { json } from '../../service.ts';
import { clientInfo, type AuthCall } from '../call.ts';
import { AuthFailure, invalidCredentials, overRequestRateLimit, userBanned, validationFailed } from '../errors.ts';
import { passwordMatches } from '../passwords.ts';
import { readBody, stringField } from '../request.ts';
import { logSecurityEvent, signInPolicy } from '../security.ts';
import { issueSession, refreshSession } from '../sessions.ts';
import { signInThrottle } from '../sign-in-throttle.ts';
import { isBarred, suspensionReason } from '../standing.ts';
import { findUserByEmail } from '../users.ts';
import { phoneProviderDisabled } from './signup.ts';

async function passwordGrant(call: AuthCall): Promise<Response> {
  const body = await readBody(call.request);
  const email = stringField(body, 'email')?.trim().toLowerCase();
  const password = stringField(body, 'password');
  if (!email && stringField(body, 'phone')) throw phoneProviderDisabled(422, 'Phone logins are disabled');
  if (!email) throw validationFailed('A valid email or phone is required');
  if (!password) throw validationFailed('Password is required');

  // Outside a transaction: a refused attempt must still leave its row in security_logs.
  const policy = await signInPolicy(call.db, call.settings);
  const throttle = signInThrottle(call, email, policy);
  const user = await findUserByEmail(call.db, email);
  const held = throttle.begin();
  if (held) {
    await logSecurityEvent(call.db, {
      action: 'login_locked',
      ip: call.ip,
      userId: user?.id ?? null,
      blocked: true,
      details: { email, scope: held.scope, retry_after_seconds: held.waitSeconds, max_login_attempts: policy.maxAttempts },
    });
    throw overRequestRateLimit(held.waitSeconds);
  }

  if (!(await passwordMatches(password, user?.encrypted_password ?? null)) || !user) {
    const failure = throttle.fail();
    await logSecurityEvent(call.db, {
      action: 'login_failed',
      ip: call.ip,
      userId: user?.id ?? null,
      blocked: false,
      details: { email, attempt: failure.attempt, max_login_attempts: policy.maxAttempts },
    });
    if (failure.throttled) {
      await logSecurityEvent(call.db, {
        action: 'login_throttled',
        ip: call.ip,
        userId: user?.id ?? null,
        blocked: true,
        details: { email, scope: failure.throttled, lockout_duration: policy.lockoutMinutes },
      });
    }
    throw invalidCredentials();
  }
  throttle.succeed();
  // Checked once the password is right (GoTrue checks first), so a stranger cannot learn an account's standing.
  if (await isBarred(call.db, user)) {
    // The admin's reason, when there is one, is the refusal's message: the owner is told why.
    const reason = await suspensionReason(call.db, user.id);
    throw userBanned(400, reason ?? undefined);
  }
  if (!user.email_confirmed_at) throw new AuthFailure(400, 'email_not_confirmed', 'Email not confirmed');
  const session = await call.db.transaction((tx) => issueSession(tx, call.config, user.id, 'password', clientInfo(call)));
  return json(session);
}

async function refreshGrant(call: AuthCall): Promise<Response> {
  const body = await readBody(call.request);
  const token = stringField(body, 'refresh_token');
  if (!token) throw new AuthFailure(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  return json(await refreshSession(call.db, call.config, token, call.settings.refreshReuseIntervalSeconds));
}

export async function token(call: AuthCall): Promise<Response> {
  const grant = call.url.searchParams.get('grant_type');
  if (grant === 'password') return passwordGrant(call);
  if (grant === 'refresh_token') return refreshGrant(call);
  throw new AuthFailure(400, 'invalid_credentials', 'unsupported_grant_type');
}
