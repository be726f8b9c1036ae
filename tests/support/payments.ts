// The payment stack tests' shared steps: an edge function called through supabase-js as the app's browser calls
// it (with the app's Origin), and a button of the payment sandbox's page pressed (its form posted).
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from './stack.ts';

export interface FunctionAnswer {
  status: number;
  body: unknown;
}

/** `name` called with `body`, from `origin` (the stack's site URL unless given); its status and JSON. */
export async function invokeFunction(
  stack: TestStack,
  client: SupabaseClient,
  name: string,
  body: Record<string, unknown>,
  origin: string = stack.config.siteUrl,
): Promise<FunctionAnswer> {
  const answer = await client.functions.invoke<unknown>(name, { body, headers: { origin } });
  const error: unknown = answer.error;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: (await response.json()) as unknown };
  }
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return { status: 200, body: answer.data };
}

/** The sandbox link's signed token (its `t`). */
export function sandboxToken(link: string): string {
  return new URL(link).searchParams.get('t') ?? '';
}

/** What the sandbox's signed token carries (base64url JSON before the signature), read as a test reads it. */
export function sandboxPayload(link: string): Record<string, unknown> {
  const [body = ''] = sandboxToken(link).split('.');
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Presses `action` on the sandbox page of `link` (or posts `token` there); the answer, redirects not followed. */
export async function sandboxForm(link: string, action: string, token: string = sandboxToken(link)): Promise<Response> {
  const page = new URL(link);
  page.search = '';
  return fetch(page, { method: 'POST', body: new URLSearchParams({ t: token, action }), redirect: 'manual' });
}
