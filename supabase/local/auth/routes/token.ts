// POST /token: the password grant (with Caderneta's lockout and its security log) and the refresh_token grant.
import { json } from '../../service.ts';
import { clientInfo, type AuthCall } from '../call.ts';
import { AuthFailure, invalidCredentials, validationFailed } from '../errors.ts';
import { passwordMatches } from '../passwords.ts';
import { readBody, stringField } from '../request.ts';
import { lockedOut, lockoutPolicy, logSecurityEvent, recentFailures } from '../security.ts';
import { issueSession, refreshSession } from '../sessions.ts';
import { findUserByEmail } from '../users.ts';

async function passwordGrant(call: AuthCall): Promise<Response> {
  const body = await readBody(call.request);
  const email = stringField(body, 'email')?.trim().toLowerCase();
  const password = stringField(body, 'password');
  if (!email) throw validationFailed('A valid email or phone is required');
  if (!password) throw validationFailed('Password is required');

  // Outside a transaction: a refused attempt must still leave its row in security_logs.
  const policy = await lockoutPolicy(call.db, call.settings);
  const user = await findUserByEmail(call.db, email);
  const failures = policy ? await recentFailures(call.db, email, policy, user?.last_sign_in_at ?? null) : 0;
  if (policy && failures >= policy.maxAttempts) {
    await logSecurityEvent(call.db, {
      action: 'login_locked',
      ip: call.ip,
      userId: user?.id ?? null,
      blocked: true,
      details: { email, failures, max_login_attempts: policy.maxAttempts, lockout_duration: policy.lockoutMinutes },
    });
    throw lockedOut(policy);
  }

  if (!(await passwordMatches(password, user?.encrypted_password ?? null)) || !user) {
    if (policy) {
      const attempt = failures + 1;
      await logSecurityEvent(call.db, {
        action: 'login_failed',
        ip: call.ip,
        userId: user?.id ?? null,
        blocked: false,
        details: { email, attempt, max_login_attempts: policy.maxAttempts },
      });
      if (attempt >= policy.maxAttempts) {
        await logSecurityEvent(call.db, {
          action: 'account_locked',
          ip: call.ip,
          userId: user?.id ?? null,
          blocked: true,
          details: { email, lockout_duration: policy.lockoutMinutes },
        });
      }
    }
    throw invalidCredentials();
  }
  if (user.is_banned) throw new AuthFailure(400, 'user_banned', 'User is banned');
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
