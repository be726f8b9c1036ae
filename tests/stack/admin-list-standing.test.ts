// The admin's users page tells a ban from a suspension: admin_users_page returns whether the account is banned in
// Auth and the admin's reason, and the card reads 'Banido' or 'Suspenso' with 'Motivo'. The inactivity filter
// ('Mais de 90 dias'…) leaves out accounts that never signed in (docs/product.md §9).
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStanding } from '../../src/features/admin/user-standing.ts';
import { createAdminDomain } from '../../workers/admin/handlers.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { adminClientOf } from '../support/admin.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser } from '../db/helpers.ts';

let stack: TestStack;
let adminClient: SupabaseClient;
let admin: ReturnType<typeof createAdminDomain>['handlers'];

beforeAll(async () => {
  stack = await startTestStack();
  adminClient = await adminClientOf(stack, randomUUID());
  admin = createAdminDomain({ client: () => adminClient, connectivity: createManualConnectivity(true) }).handlers;
});
afterAll(async () => {
  await stack.close();
});

async function ownerNamed(market: string): Promise<string> {
  return createUser(stack.db, { nome: `Dona ${market}`, nome_mercado: market, telefone: '11988887777' });
}

async function cardOf(market: string) {
  const [row] = (await admin.usersPage({ search: market })).rows;
  if (!row) throw new Error(`${market} is not on the users page`);
  return { banned: row.banned, reason: row.suspensionReason, standing: userStanding(row) };
}

describe('a banned user on the admin users page', () => {
  it('reads Banido with the reason, a suspended one Suspenso with hers, an active one neither', async () => {
    const banned = await ownerNamed('Empório Banido');
    const suspended = await ownerNamed('Armazém Suspenso');
    await ownerNamed('Quitanda Ativa');
    await admin.ban({ userId: banned, reason: 'Fraude comprovada' });
    await admin.suspend({ userId: suspended, reason: 'Pagamento em atraso' });

    expect(await cardOf('Empório Banido')).toEqual({
      banned: true,
      reason: 'Fraude comprovada',
      standing: { label: 'Banido', tone: 'blocked', reason: 'Fraude comprovada' },
    });
    expect(await cardOf('Armazém Suspenso')).toEqual({
      banned: false,
      reason: 'Pagamento em atraso',
      standing: { label: 'Suspenso', tone: 'blocked', reason: 'Pagamento em atraso' },
    });
    expect((await cardOf('Quitanda Ativa')).standing).toEqual({ label: 'Ativo', tone: 'active', reason: null });

    await admin.setStatus({ userId: banned, status: 'ativo' });
    expect((await cardOf('Empório Banido')).standing).toEqual({ label: 'Ativo', tone: 'active', reason: null });
  });
});

describe('the inactivity filter', () => {
  it('counts only accounts whose last sign-in is older than the days, never those that never signed in', async () => {
    const never = await ownerNamed('Inativa Nunca');
    const old = await ownerNamed('Inativa Antiga');
    const recent = await ownerNamed('Inativa Recente');
    await stack.db.query(
      `UPDATE auth.users SET last_sign_in_at = CASE id WHEN $1::uuid THEN NULL WHEN $2::uuid THEN now() - interval '120 days'
                                                      ELSE now() - interval '5 days' END
        WHERE id IN ($1::uuid, $2::uuid, $3::uuid)`,
      [never, old, recent],
    );
    const names = async (inactiveDays: 30 | 90 | 180) =>
      (await admin.usersPage({ search: 'Inativa', inactiveDays })).rows.map((row) => row.nomeMercado);
    expect(await names(90)).toEqual(['Inativa Antiga']);
    expect(await names(30)).toEqual(['Inativa Antiga']);
    expect(await names(180)).toEqual([]);
    expect((await admin.usersPage({ search: 'Inativa' })).total).toBe(3);
  });
});
