// Assembles the local Supabase-compatible stack: one database, the services on one port, and a clean close.
import { openDatabase, type Database } from './db/database.ts';
import { applyMigrations } from './db/migrate.ts';
import { loadConfig, type StackConfig } from './config.ts';
import { listen } from './http.ts';
import { createBlockedIpsGuard, watchBlockedIps } from './blocked-ips.ts';
import type { StackContext, StackService } from './service.ts';
import { createRestService } from './rest/service.ts';
import { createRealtimeService } from './realtime/service.ts';
import { createMailService } from './mail/service.ts';
import { createAuthService } from './auth/service.ts';
import type { AuthSettingsOverrides } from './auth/settings.ts';
import { createStorageService } from './storage/service.ts';
import { createFunctionsService } from './functions/service.ts';

export interface RunningStack {
  config: StackConfig;
  db: Database;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Reuse an open database instead of opening the configured one (tests share one per run). */
  db?: Database;
  /** Skip bootstrap and migrations when the database is known to be current. */
  skipMigrations?: boolean;
  /** Auth settings over the environment's (tests set small rate limits and their own clock). */
  auth?: AuthSettingsOverrides;
}

export async function startStack(overrides: Partial<StackConfig> = {}, options: StartOptions = {}): Promise<RunningStack> {
  const config = await loadConfig(process.env, overrides);
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!options.skipMigrations) await applyMigrations(db);
  const ctx: StackContext = { config, db };
  const mail = createMailService(ctx);
  const blockedIps = watchBlockedIps(db);
  const services: StackService[] = [
    createRestService(ctx, { schemas: config.restSchemas, aggregates: config.restAggregates, limits: config.restLimits }),
    createRealtimeService(ctx, { limits: config.realtimeLimits, blockedIps }),
    createStorageService(ctx),
    createFunctionsService(ctx),
    mail,
    createAuthService(ctx, mail.outbox, options.auth),
  ];
  for (const service of services) await service.start?.();
  await blockedIps.start();
  // Auth refuses blocked addresses itself (and logs each refusal); every other API is guarded at the door.
  const guard = createBlockedIpsGuard(blockedIps, { exempt: ['/auth/v1'] });
  const door = await listen(services, config.port, { trustedProxies: config.trustedProxies, guard });
  // With port 0 the operating system picked one: the public URL follows it.
  if (config.port === 0) {
    config.port = door.port;
    config.publicUrl = `http://127.0.0.1:${door.port}`;
  }
  return {
    config,
    db,
    url: config.publicUrl,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    async close() {
      await door.close();
      for (const service of services) await service.close?.();
      await blockedIps.close();
      if (!options.db) await db.close();
    },
  };
}
