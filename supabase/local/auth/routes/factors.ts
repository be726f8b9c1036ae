// TOTP second factors as GoTrue serves them to auth-js's `mfa` API: POST /factors (enrol: secret, URI and QR
// code), POST /factors/:id/challenge, POST /factors/:id/verify (the session moves to aal2, `totp` in its amr) and
// DELETE /factors/:id (a verified factor needs an aal2 session, and its sessions fall back to aal1). Challenges and
// verifications are limited per address as GoTrue does, and wrong codes per account besides.
import { renderSVG } from 'uqr';
import { json } from '../../service.ts';
import { nowOf, type AuthCall } from '../call.ts';
import { AuthFailure, overRequestRateLimit, validationFailed } from '../errors.ts';
import { readBody, requireUser, stringField, type AuthenticatedUser } from '../request.ts';
import { addSessionMethod } from '../sessions.ts';
import { limitRequest } from '../throttle.ts';
import { newTotpSecret, totpMatches, totpUri } from '../totp.ts';
import { isUuid } from '../users.ts';

/** How long a challenge can be answered (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION default). */
const CHALLENGE_EXPIRY_SECONDS = 300;

interface FactorRow {
  id: string;
  status: string;
  secret: string | null;
}

const factorNotFound = () => new AuthFailure(404, 'mfa_factor_not_found', 'Factor not found');
const isAal2 = (caller: AuthenticatedUser) => caller.claims.aal === 'aal2';

async function hasVerifiedFactor(call: AuthCall, userId: string): Promise<boolean> {
  const { rows } = await call.db.query(`SELECT 1 FROM auth.mfa_factors WHERE user_id = $1::uuid AND status = 'verified'`, [
    userId,
  ]);
  return rows.length > 0;
}

/** The caller's factor named by the path `/factors/:id/…`. */
async function factorOf(call: AuthCall, caller: AuthenticatedUser, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw factorNotFound();
  const { rows } = await call.db.query<FactorRow>(
    `SELECT id::text, status, secret FROM auth.mfa_factors WHERE id = $1::uuid AND user_id = $2::uuid`,
    [factorId, caller.user.id],
  );
  const factor = rows[0];
  if (!factor) throw factorNotFound();
  return factor;
}

export async function enrollFactor(call: AuthCall): Promise<Response> {
  const caller = await requireUser(call.request, call.config, call.db);
  const body = await readBody(call.request);
  const factorType = stringField(body, 'factor_type');
  if (factorType === 'phone') throw new AuthFailure(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (factorType === 'webauthn')
    throw new AuthFailure(422, 'mfa_web_authn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (factorType !== 'totp') throw validationFailed('factor_type needs to be totp, phone or webauthn');
  const friendlyName = stringField(body, 'friendly_name')?.trim() || null;
  if (await hasVerifiedFactor(call, caller.user.id)) {
    if (!isAal2(caller)) throw new AuthFailure(422, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
  if (friendlyName) {
    const { rows } = await call.db.query(`SELECT 1 FROM auth.mfa_factors WHERE user_id = $1::uuid AND friendly_name = $2`, [
      caller.user.id,
      friendlyName,
    ]);
    if (rows.length > 0)
      throw new AuthFailure(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
  }
  const issuer = stringField(body, 'issuer')?.trim() || new URL(call.config.siteUrl).hostname;
  const secret = newTotpSecret();
  const uri = totpUri(secret, issuer, caller.user.email || caller.user.phone || caller.user.id);
  const { rows } = await call.db.query<{ id: string }>(
    `INSERT INTO auth.mfa_factors (user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
     VALUES ($1::uuid, $2, 'totp', 'unverified', $3, $4, $4) RETURNING id::text`,
    [caller.user.id, friendlyName, secret, nowOf(call)],
  );
  return json({
    id: rows[0]?.id,
    type: 'totp',
    friendly_name: friendlyName ?? '',
    totp: { qr_code: renderSVG(uri), secret, uri },
  });
}

export async function challengeFactor(call: AuthCall, factorId: string): Promise<Response> {
  const caller = await requireUser(call.request, call.config, call.db);
  const factor = await factorOf(call, caller, factorId);
  const now = nowOf(call);
  const { rows } = await call.db.query<{ id: string }>(
    `INSERT INTO auth.mfa_challenges (factor_id, created_at, ip_address) VALUES ($1::uuid, $2, $3) RETURNING id::text`,
    [factor.id, now, call.ip],
  );
  await call.db.query(`UPDATE auth.mfa_factors SET last_challenged_at = $2 WHERE id = $1::uuid`, [factor.id, now]);
  return json({ id: rows[0]?.id, type: 'totp', expires_at: Math.floor(now.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS });
}

export async function verifyFactor(call: AuthCall, factorId: string): Promise<Response> {
  const caller = await requireUser(call.request, call.config, call.db);
  const factor = await factorOf(call, caller, factorId);
  const body = await readBody(call.request);
  const challengeId = stringField(body, 'challenge_id') ?? '';
  const code = stringField(body, 'code')?.trim() ?? '';
  const challenge = isUuid(challengeId)
    ? (
        await call.db.query<{ created_at: string }>(
          `SELECT created_at::text FROM auth.mfa_challenges WHERE id = $1::uuid AND factor_id = $2::uuid AND verified_at IS NULL`,
          [challengeId, factor.id],
        )
      ).rows[0]
    : undefined;
  if (!challenge) throw new AuthFailure(404, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  const now = call.settings.now();
  if (now - new Date(challenge.created_at).getTime() > CHALLENGE_EXPIRY_SECONDS * 1000) {
    await call.db.query(`DELETE FROM auth.mfa_challenges WHERE id = $1::uuid`, [challengeId]);
    throw new AuthFailure(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  // Guessing a six-digit code from many addresses still meets the account's budget of wrong codes.
  const { codes: limiter } = call.limits;
  const budget = { key: `factor|${caller.user.id}`, rate: call.settings.rates.wrongFactorCodesPerUser };
  if (!limiter.take(budget.key, budget.rate)) throw overRequestRateLimit(limiter.waitSeconds(budget.key, budget.rate));
  if (!factor.secret || !totpMatches(factor.secret, code, now))
    throw new AuthFailure(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  limiter.giveBack(budget.key, budget.rate);
  const session = await call.db.transaction(async (tx) => {
    await tx.query(`UPDATE auth.mfa_challenges SET verified_at = $2 WHERE id = $1::uuid`, [challengeId, new Date(now)]);
    await tx.query(`UPDATE auth.mfa_factors SET status = 'verified', updated_at = $2 WHERE id = $1::uuid`, [
      factor.id,
      new Date(now),
    ]);
    return addSessionMethod(tx, call.config, caller.user, caller.sessionId, 'totp');
  });
  return json(session);
}

export async function unenrollFactor(call: AuthCall, factorId: string): Promise<Response> {
  const caller = await requireUser(call.request, call.config, call.db);
  const factor = await factorOf(call, caller, factorId);
  if (factor.status === 'verified' && !isAal2(caller))
    throw new AuthFailure(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  await call.db.transaction(async (tx) => {
    await tx.query(`DELETE FROM auth.mfa_factors WHERE id = $1::uuid`, [factor.id]);
    const { rows } = await tx.query(`SELECT 1 FROM auth.mfa_factors WHERE user_id = $1::uuid AND status = 'verified'`, [
      caller.user.id,
    ]);
    // With no second factor left, the user's sessions are back at aal1 (GoTrue downgrades them).
    if (rows.length === 0)
      await tx.query(
        `DELETE FROM auth.mfa_amr_claims WHERE authentication_method = 'totp'
           AND session_id IN (SELECT id FROM auth.sessions WHERE user_id = $1::uuid)`,
        [caller.user.id],
      );
  });
  return json({ id: factor.id });
}

/** Routes `/factors` and `/factors/:id[/challenge|/verify]`; null for any other path. */
export function factorsRoute(call: AuthCall): Promise<Response> | null {
  if (call.path === '/factors') {
    if (call.request.method !== 'POST') throw new AuthFailure(405, 'method_not_allowed', 'Method not allowed');
    return enrollFactor(call);
  }
  const match = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(call.path);
  if (!match?.[1]) return null;
  const [, factorId, action] = match;
  if (action && call.request.method === 'POST')
    limitRequest(call.limits, call.settings, action === 'challenge' ? 'factor_challenge' : 'factor_verify', call.ip);
  if (action === 'challenge' && call.request.method === 'POST') return challengeFactor(call, factorId);
  if (action === 'verify' && call.request.method === 'POST') return verifyFactor(call, factorId);
  if (!action && call.request.method === 'DELETE') return unenrollFactor(call, factorId);
  throw new AuthFailure(405, 'method_not_allowed', 'Method not allowed');
}
