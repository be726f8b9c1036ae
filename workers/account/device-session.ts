// One device at a time on the free plan: this device's session is registered at sign-in and checked later;
// once another device took over, the server answers that this one is no longer active.
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { KeyValueStore } from './kv-store.ts';

/** Where this device keeps the session id it registered. */
export const REGISTERED_KEY = 'caderneta.device-session';

/** GoTrue's `session_id` claim: stable across token refreshes, the server's name for this device's session. */
export function sessionIdOf(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { session_id?: unknown };
    return typeof claims.session_id === 'string' ? claims.session_id : null;
  } catch {
    return null;
  }
}

/** What the server said to a registration: done, refused (this sign-in was ended), or no answer. */
type Registration = 'registered' | 'refused' | 'unknown';

export function createDeviceSessions(client: SupabaseClient, storage: KeyValueStore, deviceInfo: string) {
  const registration = async (session: Session): Promise<Registration> => {
    const id = sessionIdOf(session.access_token);
    if (!id) return 'unknown';
    const { error } = await client.rpc('register_user_session', { p_session_token: id, p_device_info: deviceInfo });
    // 42501: the server will not register this sign-in again (it was ended, or the account is gone).
    if (error) return error.code === '42501' ? 'refused' : 'unknown';
    await storage.setItem(REGISTERED_KEY, id);
    return 'registered';
  };
  const register = async (session: Session): Promise<boolean> => (await registration(session)) === 'registered';

  return {
    register,
    /**
     * True or false as the server says; null when it could not be asked. A session this device never
     * registered (its registration at sign-in failed) is registered now; one the server ended stays ended.
     */
    async isActive(session: Session): Promise<boolean | null> {
      const id = sessionIdOf(session.access_token);
      if (!id) return null;
      if ((await storage.getItem(REGISTERED_KEY)) !== id) {
        const outcome = await registration(session);
        return outcome === 'unknown' ? null : outcome === 'registered';
      }
      const response = await client.rpc('check_user_session', { p_session_token: id });
      if (response.error) return null;
      return (response.data as unknown) === true;
    },
    async forget(): Promise<void> {
      await storage.removeItem(REGISTERED_KEY);
    },
  };
}
