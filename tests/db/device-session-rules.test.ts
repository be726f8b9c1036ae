// 'One device at a time' on the free plan, as an owner or an attacker with a real sign-in notices it over REST
// and push: a sign-in writes only once its device is registered; a session that was ended (another device
// signed in, or sign-out) stays ended, even if it registers again; only a new sign-in writes again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowOf } from '../support/results.ts';
import { createOwner, pushWrite, registerDevice, restWrite, serverClients, signIn } from '../support/signed-in.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

const refused = { status: 403, code: '42501' };

describe('free plan: every owner write is tied to the sign-in’s device registration', () => {
  it('a sign-in that never registered its device cannot write; once registered, it can', async () => {
    const { userId, email } = await createOwner(stack, 'sem.registro');
    const device = await signIn(stack, email);
    expect(await restWrite(device)).toMatchObject({ ...refused, message: 'Dispositivo não registrado nesta sessão.' });
    expect(await pushWrite(device)).toEqual(['42501']);
    expect(await serverClients(stack, userId)).toBe(0);
    // Reading stays open (the app reads the profile before it registers).
    expect((await device.client.from('users').select('id').eq('id', userId)).data).toEqual([{ id: userId }]);

    expect(rowOf(await registerDevice(device))).toEqual({ active: true, ended_sessions: 0 });
    expect(await restWrite(device)).toMatchObject({ status: 201, code: null });
    expect(await pushWrite(device)).toEqual([]);
    expect(await serverClients(stack, userId)).toBe(2);
  });

  it('an ended session stays ended: registering it again is refused, writes too, until a new sign-in', async () => {
    const { userId, email } = await createOwner(stack, 'dois.aparelhos');
    const phone = await signIn(stack, email);
    rowOf(await registerDevice(phone));
    const counter = await signIn(stack, email);
    expect(rowOf(await registerDevice(counter))).toEqual({ active: true, ended_sessions: 1 });

    expect(await restWrite(phone)).toMatchObject(refused);
    const again = await registerDevice(phone);
    expect(again.error).toMatchObject({ code: '42501', message: 'Sessão encerrada: entre novamente para continuar.' });
    expect(again.status).toBe(403);
    expect(rowOf(await phone.client.rpc('check_user_session', { p_session_token: phone.sessionId }))).toBe(false);
    expect(await restWrite(phone)).toMatchObject({ ...refused, message: 'Sessão encerrada: entre novamente para continuar.' });
    expect(await pushWrite(phone)).toEqual(['42501']);
    expect(await restWrite(counter)).toMatchObject({ status: 201 });

    // Signing in again on the phone is a new session: it registers, writes, and ends the counter.
    const phoneAgain = await signIn(stack, email);
    expect(phoneAgain.sessionId).not.toBe(phone.sessionId);
    expect(rowOf(await registerDevice(phoneAgain))).toEqual({ active: true, ended_sessions: 1 });
    expect(await restWrite(phoneAgain)).toMatchObject({ status: 201 });
    expect(await restWrite(counter)).toMatchObject(refused);
    expect(await serverClients(stack, userId)).toBe(2);
  });

  it('a session that signed out cannot come back by registering again', async () => {
    const { email } = await createOwner(stack, 'saiu');
    const device = await signIn(stack, email);
    rowOf(await registerDevice(device));
    expect(
      rowOf(
        await device.client.rpc('deactivate_specific_user_session', {
          p_user_id: device.userId,
          p_session_token: device.sessionId,
        }),
      ),
    ).toBe(true);
    expect((await registerDevice(device)).error).toMatchObject({ code: '42501' });
    expect(await restWrite(device)).toMatchObject(refused);
  });

  it('a sign-in registers only its own session, never another one’s id', async () => {
    const { email } = await createOwner(stack, 'alheia');
    const device = await signIn(stack, email);
    const forged = await registerDevice(device, randomUUID());
    expect(forged.error).toMatchObject({ code: '42501', message: 'Só é possível registrar a sessão deste acesso.' });
    expect(await restWrite(device)).toMatchObject(refused);
    // Without a session id in the token there is nothing to register.
    const bare = stack.client(await stack.mintUserToken(device.userId, { session_id: undefined }, { signIn: false }));
    expect((await bare.rpc('register_user_session', { p_device_info: 'x' })).error).toMatchObject({ code: '22023' });
  });

  it('premium: several devices write, registered or not; a signed-out session still cannot', async () => {
    const { userId, email } = await createOwner(stack, 'premium');
    await stack.db.query(`UPDATE public.users SET plano = 'premium', data_fim_plano = NULL WHERE id = $1`, [userId]);
    const first = await signIn(stack, email);
    const second = await signIn(stack, email);
    rowOf(await registerDevice(first));
    expect(rowOf(await registerDevice(second))).toEqual({ active: true, ended_sessions: 0 });
    const third = await signIn(stack, email);
    for (const device of [first, second, third]) expect(await restWrite(device)).toMatchObject({ status: 201 });
    rowOf(await first.client.rpc('deactivate_specific_user_session', { p_user_id: userId, p_session_token: first.sessionId }));
    expect(await restWrite(first)).toMatchObject(refused);
  });
});
