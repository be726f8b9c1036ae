// Test harness: the whole local stack on a free port over a fresh migrated database, official clients for it,
// and GoTrue-shaped access tokens for tests that do not go through the auth service.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';
import type { StackConfig } from '../../supabase/local/config.ts';
import type { Database } from '../../supabase/local/db/database.ts';
import type { AuthSettingsOverrides } from '../../supabase/local/auth/settings.ts';
import { createTestDatabase } from './database.ts';
import { TEST_DEVICE_INFO, testDeviceSession } from './test-device.ts';

export interface TestStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  config: StackConfig;
  db: Database;
  stack: RunningStack;
  /** A supabase-js client with the anon key; with `accessToken` it acts as that user. */
  client(accessToken?: string): SupabaseClient;
  /** A supabase-js client with the service_role key (bypasses RLS). */
  serviceClient(): SupabaseClient;
  /**
   * Signs an access token shaped like GoTrue's for `userId`; `extraClaims` are merged last. The user acts as one
   * signed-in device: the auth user (with its profile) is created when missing, and, unless `extraClaims` name
   * another `session_id`, the token carries that device's session, registered once like the app does at
   * sign-in. `{ signIn: false }` only signs the token (a user that does not exist stays unknown).
   */
  mintUserToken(userId: string, extraClaims?: Record<string, unknown>, options?: MintOptions): Promise<string>;
  close(): Promise<void>;
}

export interface MintOptions {
  /** False: sign the token only, leaving the user and its device session as they are. */
  signIn?: boolean;
}

export interface TestStackOptions {
  /** Use this database instead of a fresh one (it is then not closed by `close`). */
  db?: Database;
  config?: Partial<StackConfig>;
  /** Auth settings for this stack: small rate limits, an injected clock. */
  auth?: AuthSettingsOverrides;
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const db = options.db ?? (await createTestDatabase());
  const stack = await startStack(
    { port: 0, dataDir: undefined, ...options.config },
    { db, skipMigrations: true, auth: options.auth },
  );
  const clients: SupabaseClient[] = [];
  /** Users whose test device registered its session on this stack. */
  const registered = new Set<string>();

  const build = (key: string, accessToken?: string): SupabaseClient => {
    const client = createClient(stack.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as never },
      global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
    });
    clients.push(client);
    return client;
  };

  return {
    url: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    config: stack.config,
    db,
    stack,
    client: (accessToken) => build(stack.anonKey, accessToken),
    serviceClient: () => build(stack.serviceRoleKey),
    async mintUserToken(userId, extraClaims = {}, options = {}) {
      const sign = (claims: Record<string, unknown>) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .sign(new TextEncoder().encode(stack.config.jwtSecret));
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: `${stack.url}/auth/v1`,
        sub: userId,
        aud: 'authenticated',
        iat: now,
        exp: now + 3600,
        email: `${userId.slice(0, 8)}@teste.dev`,
        phone: '',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: {},
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: now }],
        session_id: testDeviceSession(userId),
        is_anonymous: false,
      };
      if (options.signIn !== false) {
        await db.query(
          `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, now()) ON CONFLICT DO NOTHING`,
          [userId, claims.email, JSON.stringify({ nome: 'Dona Teste', nome_mercado: 'Mercadinho Teste' })],
        );
        if (!('session_id' in extraClaims) && !registered.has(userId)) {
          // As the app does right after signing in, with a token of that device's session.
          const device = build(stack.anonKey, await sign(claims));
          const { error } = await device.rpc('register_user_session', {
            p_session_token: claims.session_id,
            p_device_info: TEST_DEVICE_INFO,
          });
          if (error) throw new Error(`sessão do dispositivo de teste não registrada: ${error.message}`);
          registered.add(userId);
        }
      }
      return sign({ ...claims, ...extraClaims });
    },
    async close() {
      for (const client of clients.splice(0)) await client.removeAllChannels().catch(() => undefined);
      await stack.close();
      if (!options.db) await db.close();
    },
  };
}
