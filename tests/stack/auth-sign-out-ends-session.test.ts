// Signing out through supabase-js ends the device session on the server, in every scope GoTrue has: the old
// access token, still unexpired, is refused at once over REST, Storage uploads and support tickets, and only
// the sessions the scope names end. The app's own sign-out (its device session first, then Auth) still works.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowOf } from '../support/results.ts';
import { createOwner, OWNER_PASSWORD } from '../support/signed-in.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let jpeg: Buffer;

beforeAll(async () => {
  stack = await startTestStack();
  jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await stack.close();
});

/** One sign-in: the client that signed in (and signs out), and a client that keeps sending its access token. */
interface Device {
  userId: string;
  sessionId: string;
  auth: SupabaseClient;
  oldToken: SupabaseClient;
}

async function signInDevice(email: string, register = true): Promise<Device> {
  const auth = stack.client();
  const { data, error } = await auth.auth.signInWithPassword({ email, password: OWNER_PASSWORD });
  if (error) throw error;
  const token = data.session.access_token;
  const { session_id: sessionId } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    session_id: string;
  };
  const oldToken = stack.client(token);
  if (register) rowOf(await oldToken.rpc('register_user_session', { p_session_token: sessionId, p_device_info: 'Vitest' }));
  return { userId: data.user.id, sessionId, auth, oldToken };
}

/** A premium owner (support is Premium's) with its payment active; returns the email. */
async function premiumOwner(prefix: string): Promise<string> {
  const { userId, email } = await createOwner(stack, prefix);
  await stack.db.query(
    `UPDATE public.users SET plano = 'premium', data_fim_plano = NULL, status_pagamento = 'ativo' WHERE id = $1`,
    [userId],
  );
  return email;
}

/** The HTTP statuses of a REST insert, a Storage upload and a support ticket made with the device's token. */
async function writes(device: Device): Promise<{ rest: number; upload: string; ticket: number }> {
  const rest = await device.oldToken.from('clientes').insert({ id: randomUUID(), nome: 'Maria' });
  const upload = await device.oldToken.storage
    .from('product-images')
    .upload(`${device.userId}/produtos/${randomUUID()}.jpg`, jpeg, { contentType: 'image/jpeg' });
  const ticket = await device.oldToken.from('support_tickets').insert({ title: 'Ajuda', description: 'Oi' });
  return {
    rest: rest.status,
    upload: upload.error ? String((upload.error as { statusCode?: string }).statusCode) : '200',
    ticket: ticket.status,
  };
}

const ACCEPTED = { rest: 201, upload: '200', ticket: 201 };
const REFUSED = { rest: 403, upload: '403', ticket: 403 };

async function sessionRow(device: Device): Promise<{ is_active: boolean; ended: boolean } | null> {
  const { rows } = await stack.db.query<{ is_active: boolean; ended: boolean }>(
    `SELECT is_active, ended_at IS NOT NULL AS ended FROM public.user_sessions WHERE user_id = $1 AND session_token = $2`,
    [device.userId, device.sessionId],
  );
  return rows[0] ?? null;
}

describe('sign-out ends the device session its scope names', () => {
  it('local: this device’s old token is refused everywhere; the other device writes on', async () => {
    const email = await premiumOwner('saiu.local');
    const phone = await signInDevice(email);
    const counter = await signInDevice(email);
    expect(await writes(phone)).toEqual(ACCEPTED);

    expect((await phone.auth.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await sessionRow(phone)).toEqual({ is_active: false, ended: true });
    expect(await writes(phone)).toEqual(REFUSED);
    const rest = await phone.oldToken.from('clientes').insert({ id: randomUUID(), nome: 'Maria' });
    expect(rest.error).toMatchObject({ code: '42501', message: 'Sessão encerrada: entre novamente para continuar.' });
    expect(await sessionRow(counter)).toEqual({ is_active: true, ended: false });
    expect(await writes(counter)).toEqual(ACCEPTED);
  });

  it('others: every other device’s old token is refused; this one writes on', async () => {
    const email = await premiumOwner('saiu.outros');
    const phone = await signInDevice(email);
    const counter = await signInDevice(email);
    const tablet = await signInDevice(email);

    expect((await phone.auth.auth.signOut({ scope: 'others' })).error).toBeNull();
    for (const device of [counter, tablet]) {
      expect(await sessionRow(device)).toEqual({ is_active: false, ended: true });
      expect(await writes(device)).toEqual(REFUSED);
    }
    expect(await writes(phone)).toEqual(ACCEPTED);
  });

  it('global: every device’s old token is refused', async () => {
    const email = await premiumOwner('saiu.todos');
    const phone = await signInDevice(email);
    const counter = await signInDevice(email);

    expect((await phone.auth.auth.signOut({ scope: 'global' })).error).toBeNull();
    for (const device of [phone, counter]) expect(await writes(device)).toEqual(REFUSED);
  });

  it('a free owner’s registered device, and a premium sign-in that never registered, are refused once signed out', async () => {
    const { email: freeEmail } = await createOwner(stack, 'saiu.gratis');
    const free = await signInDevice(freeEmail);
    expect((await free.oldToken.from('clientes').insert({ id: randomUUID(), nome: 'Maria' })).status).toBe(201);
    expect((await free.auth.auth.signOut()).error).toBeNull();
    expect((await free.oldToken.from('clientes').insert({ id: randomUUID(), nome: 'Maria' })).status).toBe(403);

    const unregistered = await signInDevice(await premiumOwner('saiu.sem.registro'), false);
    expect(await writes(unregistered)).toEqual(ACCEPTED);
    expect((await unregistered.auth.auth.signOut()).error).toBeNull();
    expect(await sessionRow(unregistered)).toEqual({ is_active: false, ended: true });
    expect(await writes(unregistered)).toEqual(REFUSED);
    // A sign-out cannot be undone by registering the ended session again.
    const again = await unregistered.oldToken.rpc('register_user_session', { p_session_token: unregistered.sessionId });
    expect(again.error).toMatchObject({ code: '42501' });
  });

  it('the app’s sign-out (its device session ended first, then Auth’s) still succeeds, and a new sign-in writes', async () => {
    const { email } = await createOwner(stack, 'saiu.app');
    const device = await signInDevice(email);
    const ended = await device.oldToken.rpc('deactivate_specific_user_session', {
      p_user_id: device.userId,
      p_session_token: device.sessionId,
    });
    expect(rowOf(ended)).toBe(true);
    expect((await device.auth.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await sessionRow(device)).toEqual({ is_active: false, ended: true });

    const again = await signInDevice(email);
    expect((await again.oldToken.from('clientes').insert({ id: randomUUID(), nome: 'Maria' })).status).toBe(201);
  });

  it('deleting the account through the admin API takes its sessions without recording any', async () => {
    const { userId, email } = await createOwner(stack, 'excluida');
    await signInDevice(email);
    expect((await stack.serviceClient().auth.admin.deleteUser(userId)).error).toBeNull();
    const { rows } = await stack.db.query(`SELECT 1 FROM public.user_sessions WHERE user_id = $1`, [userId]);
    expect(rows).toEqual([]);
  });
});
