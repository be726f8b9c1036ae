// The signed-in device tests act from: each test user has one, named by a session id derived from the user's
// id, and registered as the app registers it at sign-in (the free plan writes only from a registered session).
import { createHash } from 'node:crypto';

/** Device info the test device registers with. */
export const TEST_DEVICE_INFO = 'Vitest';

/** The session id (the JWT's `session_id`) of `userId`'s test device: the same for every token of that user. */
export function testDeviceSession(userId: string): string {
  const hex = createHash('sha256').update(`caderneta-test-device:${userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
