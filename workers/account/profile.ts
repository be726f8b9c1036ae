// The owner's profile row (public.users): read from the server, normalised, and cached for offline starts.
import type { SupabaseClient, User } from '@supabase/supabase-js';
import type { KeyValueStore } from './kv-store.ts';
import { withRetries } from './retry.ts';
import type { AccountUser, Profile } from './types.ts';

const CACHE_KEY = 'caderneta.account.v1';
/** Spec 1 §7: the current user is fetched again up to 3 times, 1 s apart, before the lookup counts as failed. */
export const PROFILE_RETRIES = 3;
export const PROFILE_RETRY_DELAY_MS = 1000;

export interface CachedAccount {
  readonly user: AccountUser;
  readonly profile: Profile | null;
}

export type ProfileResult =
  { readonly ok: true; readonly profile: Profile } | { readonly ok: false; readonly network: boolean; readonly message: string };

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function normaliseProfile(row: Record<string, unknown>): Profile {
  return {
    id: String(row.id),
    nome: text(row.nome),
    email: text(row.email),
    telefone: text(row.telefone),
    nome_mercado: text(row.nome_mercado),
    plano: row.plano === 'premium' ? 'premium' : 'free',
    trial_end_date: text(row.trial_end_date),
    data_inicio_plano: text(row.data_inicio_plano),
    data_fim_plano: text(row.data_fim_plano),
    status_pagamento: text(row.status_pagamento),
    chave_pix: text(row.chave_pix),
    cidade: text(row.cidade),
  };
}

export function toAccountUser(user: User): AccountUser {
  const meta = user.app_metadata as { role?: unknown; roles?: unknown };
  const roles = Array.isArray(meta.roles) ? meta.roles : [];
  return {
    id: user.id,
    email: user.email ?? '',
    emailConfirmed: Boolean(user.email_confirmed_at ?? user.confirmed_at),
    isAdmin: meta.role === 'admin' || roles.includes('admin'),
  };
}

export async function fetchProfile(client: SupabaseClient, userId: string): Promise<ProfileResult> {
  try {
    // postgrest-js would retry this GET on its own (1 s, 2 s, 4 s); the spec's policy is fetchProfileWithRetries'.
    const response = await client.from('users').select('*').eq('id', userId).retry(false).single<Record<string, unknown>>();
    if (response.error) return { ok: false, network: response.status === 0, message: response.error.message };
    return { ok: true, profile: normaliseProfile(response.data) };
  } catch (error) {
    return { ok: false, network: true, message: error instanceof Error ? error.message : String(error) };
  }
}

export async function readCachedAccount(store: KeyValueStore): Promise<CachedAccount | null> {
  const raw = await store.getItem(CACHE_KEY).catch(() => null);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CachedAccount>;
    // A profile cached by an older version lacks the newer columns: normalised, they read as null.
    const profile = value.profile ? normaliseProfile(value.profile as unknown as Record<string, unknown>) : null;
    return value.user ? { user: value.user, profile } : null;
  } catch {
    return null;
  }
}

export async function writeCachedAccount(store: KeyValueStore, value: CachedAccount | null): Promise<void> {
  if (value) await store.setItem(CACHE_KEY, JSON.stringify(value));
  else await store.removeItem(CACHE_KEY);
}

export interface ProfileRetryOptions {
  readonly retries?: number;
  readonly delayMs?: number;
  /** False while the device is offline: a network failure is then final and the cached copy answers. */
  readonly online?: () => boolean;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** fetchProfile with the spec's retries; a network failure while offline is not retried. */
export function fetchProfileWithRetries(
  client: SupabaseClient,
  userId: string,
  options: ProfileRetryOptions = {},
): Promise<ProfileResult> {
  const online = options.online ?? (() => true);
  return withRetries(
    () => fetchProfile(client, userId),
    (result) => result.ok,
    {
      retries: options.retries ?? PROFILE_RETRIES,
      delayMs: options.delayMs ?? PROFILE_RETRY_DELAY_MS,
      shouldRetry: (result) => !(!result.ok && result.network && !online()),
      ...(options.sleep ? { sleep: options.sleep } : {}),
    },
  );
}
