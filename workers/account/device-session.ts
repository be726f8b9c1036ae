// One device at a time on the free plan: this device's session is registered at sign-in and checked later;
// once another device took over, the server answers that this one is no longer active.
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { KeyValueStore } from './kv-store.ts';

const REGISTERED_KEY = 'caderneta.device-session';

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

export function createDeviceSessions(client: SupabaseClient, storage: KeyValueStore, deviceInfo: string) {
  const register = async (session: Session): Promise<boolean> => {
    const id = sessionIdOf(session.access_token);
    if (!id) return false;
    const { error } = await client.rpc('register_user_session', { p_session_token: id, p_device_info: deviceInfo });
    if (error) return false;
    await storage.setItem(REGISTERED_KEY, id);
    return true;
  };

  return {
    register,
    /**
     * True or false as the server says; null when it could not be asked. A session this device never
     * registered (signed in before this check existed) is registered now instead of being judged.
     */
    async isActive(session: Session): Promise<boolean | null> {
      const id = sessionIdOf(session.access_token);
      if (!id) return null;
      if ((await storage.getItem(REGISTERED_KEY)) !== id) return (await register(session)) ? true : null;
      const response = await client.rpc('check_user_session', { p_session_token: id });
      if (response.error) return null;
      return (response.data as unknown) === true;
    },
    async forget(): Promise<void> {
      await storage.removeItem(REGISTERED_KEY);
    },
  };
}
