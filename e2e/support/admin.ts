// The admin specs' helpers against the local stack: the service role's requests, an admin made with the stack's
// admin API, a request held until released (to see a skeleton), a browser reaching the stack from another IP,
// and a page waited on until no toast covers it.
import { createClient } from '@supabase/supabase-js';
import { expect, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import WebSocket from 'ws';
import { STACK_URL } from '../../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../../supabase/local/config.ts';
import { PASSWORD } from './owner.ts';

export async function serviceKey(): Promise<string> {
  return signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
}

/** The service role's headers for the stack's REST and auth admin APIs. */
export async function serviceHeaders(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const key = await serviceKey();
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...extra };
}

/** A request to the stack as the service role, expected to succeed. */
export async function service(path: string, init: { method: string; body?: unknown }): Promise<Response> {
  const response = await fetch(`${STACK_URL}${path}`, {
    method: init.method,
    headers: await serviceHeaders(),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.ok).toBe(true);
  return response;
}

/** A REST call as the service role, expected to succeed, with the rows it wrote or read
 * (GET without a body, POST with one, or the method given). */
export async function serviceRest<T>(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<T> {
  const response = await fetch(`${STACK_URL}/rest/v1/${path}`, {
    method,
    headers: await serviceHeaders({ prefer: 'return=representation' }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${path}: ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A supabase-js client with the service role (never subscribes, but supabase-js builds its socket, and Node 20 has
 * no WebSocket of its own). */
export async function serviceClient() {
  return createClient(STACK_URL, await serviceKey(), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as never },
  });
}

/** A confirmed user with app_metadata role admin, made with the stack's admin API. */
export async function createAdmin(email: string, nome = 'Admin Teste'): Promise<void> {
  await service('/auth/v1/admin/users', {
    method: 'POST',
    body: {
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { nome, nome_mercado: 'Administração' },
      app_metadata: { role: 'admin' },
    },
  });
}

/** Holds the context's requests matching `pattern` until the returned function is called, then lets them go on
 * (or answers them with `then`). */
export async function holdRoute(
  context: BrowserContext,
  pattern: string,
  then: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(pattern, async (route) => {
    await held;
    await then(route);
  });
  return release;
}

/** A browser whose requests reach the stack from `ip` (the stack trusts the local proxy's X-Forwarded-For). */
export async function contextFrom(browser: Browser, ip: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await context.route(`${STACK_URL}/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': ip } }),
  );
  return context;
}

/** Brings a page to the front and waits until no toast covers it (a pointer resting on one keeps it open). */
export async function settle(page: Page): Promise<void> {
  await page.bringToFront();
  await page.mouse.move(1, (page.viewportSize()?.height ?? 700) - 1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}
