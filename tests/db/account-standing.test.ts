// An owner's standing decides their writes, whatever token they still hold: suspended by the admin
// ('suspenso' in public.users.status_pagamento) or banned in Auth, their REST and push writes are refused
// until the admin reactivates them (a ban also signed them out: after it, only a new sign-in writes); once the
// account is deleted (also softly), its still-valid token writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { rowOf } from '../support/results.ts';
import {
  createOwner,
  pushWrite,
  registerDevice,
  restWrite,
  serverClients,
  signIn,
  type SignedInDevice,
} from '../support/signed-in.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser } from './helpers.ts';

let stack: TestStack;
let admin: SupabaseClient;
beforeAll(async () => {
  stack = await startTestStack();
  const adminId = await createUser(stack.db, { nome: 'Admin' });
  admin = stack.client(await stack.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' } }));
});
afterAll(async () => {
  await stack.close();
});

/** A free owner signed in on a registered device, who has written once. */
async function workingOwner(prefix: string): Promise<SignedInDevice> {
  const { email } = await createOwner(stack, prefix);
  const device = await signIn(stack, email);
  rowOf(await registerDevice(device));
  expect(await restWrite(device)).toMatchObject({ status: 201 });
  return device;
}

describe('account standing', () => {
  it('suspended by the admin: writes refused until reactivated', async () => {
    const device = await workingOwner('suspensa');
    rowOf(await admin.rpc('admin_update_user_status', { p_user_id: device.userId, p_status: 'suspenso' }));
    expect(await restWrite(device)).toMatchObject({ status: 403, code: '42501', message: 'Conta suspensa' });
    expect(await pushWrite(device)).toEqual(['42501']);
    rowOf(await admin.rpc('admin_update_user_status', { p_user_id: device.userId, p_status: 'ativo' }));
    expect(await restWrite(device)).toMatchObject({ status: 201 });
    expect(await serverClients(stack, device.userId)).toBe(2);
  });

  it('banned in Auth: writes refused while the ban lasts; the ban signed every device out', async () => {
    const device = await workingOwner('banida');
    const ban = await stack.serviceClient().auth.admin.updateUserById(device.userId, { ban_duration: '24h' });
    expect(ban.error).toBeNull();
    expect(await restWrite(device)).toMatchObject({ status: 403, code: '42501', message: 'Conta suspensa' });
    expect(await pushWrite(device)).toEqual(['42501']);
    expect((await stack.serviceClient().auth.admin.updateUserById(device.userId, { ban_duration: 'none' })).error).toBeNull();
    expect(await restWrite(device)).toMatchObject({ status: 403, message: 'Sessão encerrada: entre novamente para continuar.' });
    const { email } = (await stack.serviceClient().auth.admin.getUserById(device.userId)).data.user ?? {};
    const again = await signIn(stack, email ?? '');
    rowOf(await registerDevice(again));
    expect(await restWrite(again)).toMatchObject({ status: 201 });
  });

  it.each([
    ['deleted', false],
    ['soft-deleted', true],
  ])('%s: the still-valid token writes nothing', async (_label, soft) => {
    const device = await workingOwner(soft ? 'apagada.logica' : 'apagada');
    expect((await stack.serviceClient().auth.admin.deleteUser(device.userId, soft)).error).toBeNull();
    expect(await restWrite(device)).toMatchObject({ status: 403, code: '42501', message: 'Conta não encontrada' });
    expect(await pushWrite(device)).toEqual(['42501']);
    expect((await registerDevice(device)).error).toMatchObject({ code: '42501' });
    expect(await serverClients(stack, device.userId)).toBe(1);
  });
});
