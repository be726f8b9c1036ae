// What an owner may write beside the shop's data, enforced by the database (so it holds on hosted Supabase too):
// support tickets and replies only for a Premium owner in good standing and at a human pace, a ticket's id never
// changes, notifications are the server's and the admin's (an owner only marks them read or deletes them), and a
// suspended or banned owner cannot edit the profile with a token that is still valid.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountState } from '../../workers/account/types.ts';
import { createSupportDomain } from '../../workers/support/handlers.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { adminClientOf, failure } from '../support/admin.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser } from '../db/helpers.ts';

/** Tickets an owner opens per hour, and replies per minute (supabase/migrations/0022_owner_support_rules.sql). */
const TICKETS_PER_HOUR = 5;
const REPLIES_PER_MINUTE = 10;
const LONG_TEXT = 'a'.repeat(5000);

let stack: TestStack;
let adminClient: SupabaseClient;

async function premiumOwner(): Promise<string> {
  const id = await createUser(stack.db);
  await stack.db.query(
    `UPDATE public.users SET plano = 'premium', status_pagamento = 'ativo', data_fim_plano = now() + interval '30 days' WHERE id = $1`,
    [id],
  );
  return id;
}

/** A signed-in client of `userId` (its device session registered, as the app does at sign-in). */
async function clientOf(userId: string): Promise<SupabaseClient> {
  return stack.client(await stack.mintUserToken(userId));
}

/** A ticket of `userId` written by the server, for the reply checks. */
async function serverTicket(userId: string): Promise<string> {
  const { rows } = await stack.db.query<{ id: string }>(
    `INSERT INTO public.support_tickets (user_id, title) VALUES ($1, 'Aberto antes') RETURNING id`,
    [userId],
  );
  return rows[0]?.id ?? '';
}

async function countOf(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(sql, params);
  return rows[0]?.n ?? -1;
}

beforeAll(async () => {
  stack = await startTestStack();
  adminClient = await adminClientOf(stack, await createUser(stack.db));
});
afterAll(async () => {
  await stack.close();
});

describe('support tickets and replies from the owner side', () => {
  it('free, expired-trial, suspended, banned and signed-out owners cannot open a ticket or reply; a Premium owner can', async () => {
    const free = await createUser(stack.db);
    const expired = await createUser(stack.db);
    await stack.db.query(`UPDATE public.users SET trial_end_date = now() - interval '1 day' WHERE id = $1`, [expired]);
    const suspended = await premiumOwner();
    const banned = await premiumOwner();
    const signedOut = await premiumOwner();
    const cancelled = await premiumOwner();
    await stack.db.query(`UPDATE public.users SET status_pagamento = 'cancelado_mantem_acesso' WHERE id = $1`, [cancelled]);
    const clients = new Map<string, SupabaseClient>();
    for (const id of [free, expired, suspended, banned, signedOut, cancelled]) clients.set(id, await clientOf(id));
    const tickets = new Map<string, string>();
    for (const id of [suspended, banned, signedOut]) tickets.set(id, await serverTicket(id));
    // The admin's steps, taken while the owners' tokens are still valid; the owner of the last one signed out.
    await stack.db.query(`UPDATE public.users SET status_pagamento = 'suspenso' WHERE id = $1`, [suspended]);
    await stack.db.query(`UPDATE auth.users SET banned_until = now() + interval '1 day' WHERE id = $1`, [banned]);
    await stack.db.query(`UPDATE public.user_sessions SET is_active = false, ended_at = now() WHERE user_id = $1`, [signedOut]);

    for (const [id, client] of clients) {
      const opened = await client.from('support_tickets').insert({ title: 'Ajuda', description: 'Preciso de ajuda' });
      expect(opened.error?.code, id).toBe('42501');
      const ticketId = tickets.get(id);
      if (ticketId) {
        const replied = await client.from('support_responses').insert({ ticket_id: ticketId, responder_id: id, message: 'Oi?' });
        expect(replied.error?.code, id).toBe('42501');
        const marked = await client.from('support_tickets').update({ unread_user: false }).eq('id', ticketId);
        expect(marked.error?.code, id).toBe('42501');
      }
    }
    const anon = await stack.client().from('support_tickets').insert({ title: 'Ajuda' });
    expect(anon.error).not.toBeNull();
    expect(
      await countOf(`SELECT count(*)::int AS n FROM public.support_tickets WHERE user_id = ANY ($1) AND title = 'Ajuda'`, [
        [...clients.keys()],
      ]),
    ).toBe(0);
    expect(await countOf(`SELECT count(*)::int AS n FROM public.support_responses WHERE message = 'Oi?'`, [])).toBe(0);

    const premium = await premiumOwner();
    const premiumClient = await clientOf(premium);
    const opened = await premiumClient
      .from('support_tickets')
      .insert({ title: 'Ajuda', description: 'ok' })
      .select('id')
      .single();
    expect(opened.error).toBeNull();
    const ticketId = (opened.data as { id: string }).id;
    expect(
      (await premiumClient.from('support_responses').insert({ ticket_id: ticketId, responder_id: premium, message: 'Mais' }))
        .error,
    ).toBeNull();
  });

  it(`opens at most ${String(TICKETS_PER_HOUR)} tickets an hour and sends ${String(REPLIES_PER_MINUTE)} replies a minute (429)`, async () => {
    const owner = await premiumOwner();
    const client = await clientOf(owner);
    const burst = await client
      .from('support_tickets')
      .insert(Array.from({ length: 100 }, (_, index) => ({ title: `Spam ${String(index)}`, description: LONG_TEXT })));
    expect(burst.error?.code).toBe('PT429');
    expect(burst.status).toBe(429);
    expect(await countOf(`SELECT count(*)::int AS n FROM public.support_tickets WHERE user_id = $1`, [owner])).toBe(0);

    const ids: string[] = [];
    for (let index = 0; index < TICKETS_PER_HOUR; index += 1) {
      const opened = await client
        .from('support_tickets')
        .insert({ title: `Dúvida ${String(index)}`, description: LONG_TEXT })
        .select('id')
        .single();
      expect(opened.error).toBeNull();
      ids.push((opened.data as { id: string }).id);
    }
    const over = await client.from('support_tickets').insert({ title: 'Mais uma', description: LONG_TEXT });
    expect(over.error?.code).toBe('PT429');
    expect(over.error?.message).toMatch(/tickets/);
    // The support domain tells the owner to wait.
    const account: AccountState = {
      status: 'signed_in',
      user: { id: owner, email: `${owner}@teste.dev`, emailConfirmed: true, isAdmin: false },
      profile: null,
      plan: {
        kind: 'premium',
        isPremium: true,
        trialEndsAt: null,
        trialDaysLeft: null,
        premiumUntil: null,
        paymentStatus: 'ativo',
      },
      offline: false,
    };
    const domain = createSupportDomain({
      client: () => client,
      account$: new BehaviorSubject(account),
      connectivity: createManualConnectivity(true),
      pollMs: 0,
    });
    expect((await failure(domain.handlers.openTicket({ title: 'Ainda mais' }))).code).toBe('rate_limited');
    // An hour later the owner may open tickets again.
    await stack.db.query(`UPDATE public.support_tickets SET created_at = created_at - interval '61 minutes' WHERE user_id = $1`, [
      owner,
    ]);
    expect((await client.from('support_tickets').insert({ title: 'Uma hora depois' })).error).toBeNull();

    const ticketId = ids[0] ?? '';
    const reply = (message: string) =>
      client.from('support_responses').insert({ ticket_id: ticketId, responder_id: owner, message });
    for (let index = 0; index < REPLIES_PER_MINUTE; index += 1)
      expect((await reply(`Resposta ${String(index)}`)).error).toBeNull();
    const tooMany = await reply('Mais uma resposta');
    expect(tooMany.error?.code).toBe('PT429');
    expect((await failure(domain.handlers.reply({ ticketId, message: 'Pelo app' }))).code).toBe('rate_limited');
    expect(await countOf(`SELECT count(*)::int AS n FROM public.support_responses WHERE ticket_id = $1`, [ticketId])).toBe(
      REPLIES_PER_MINUTE,
    );
    // The admin's replies are not the owner's pace.
    expect(
      (await adminClient.from('support_responses').insert({ ticket_id: ticketId, message: 'Resposta do suporte' })).error,
    ).toBeNull();
  });

  it("keeps a ticket's id: an owner (or an admin) cannot change it", async () => {
    const owner = await premiumOwner();
    const client = await clientOf(owner);
    const opened = await client.from('support_tickets').insert({ title: 'Meu ticket' }).select('id').single();
    const id = (opened.data as { id: string }).id;
    const moved = randomUUID();
    expect((await client.from('support_tickets').update({ id: moved }).eq('id', id)).error?.code).toBe('42501');
    expect((await adminClient.from('support_tickets').update({ id: moved }).eq('id', id)).error?.code).toBe('42501');
    expect(await countOf(`SELECT count(*)::int AS n FROM public.support_tickets WHERE id = $1`, [id])).toBe(1);
    expect(await countOf(`SELECT count(*)::int AS n FROM public.support_tickets WHERE id = $1`, [moved])).toBe(0);
    // Marking the support's reply read still works.
    expect((await client.from('support_tickets').update({ unread_user: false }).eq('id', id)).error).toBeNull();
  });
});

describe('the profile of a suspended or banned owner', () => {
  it('cannot be changed with a token still valid; an owner in good standing changes it', async () => {
    const suspended = await createUser(stack.db);
    const banned = await createUser(stack.db);
    const fine = await createUser(stack.db);
    const clients = [await clientOf(suspended), await clientOf(banned), await clientOf(fine)] as const;
    await stack.db.query(`UPDATE public.users SET status_pagamento = 'suspenso' WHERE id = $1`, [suspended]);
    await stack.db.query(`UPDATE auth.users SET banned_until = now() + interval '1 day' WHERE id = $1`, [banned]);

    for (const [client, id] of [
      [clients[0], suspended],
      [clients[1], banned],
    ] as const) {
      const edited = await client
        .from('users')
        .update({ nome_mercado: 'Golpe Ltda', nome: 'Outro', telefone: '11900000000' })
        .eq('id', id);
      expect(edited.error?.code, id).toBe('42501');
      const { rows } = await stack.db.query<{ nome_mercado: string }>(`SELECT nome_mercado FROM public.users WHERE id = $1`, [
        id,
      ]);
      expect(rows[0]?.nome_mercado).toBe('Mercadinho Teste');
    }
    const edited = await clients[2]
      .from('users')
      .update({ nome_mercado: 'Mercado Novo' })
      .eq('id', fine)
      .select('nome_mercado')
      .single();
    expect(edited.data).toEqual({ nome_mercado: 'Mercado Novo' });
    // The admin still edits a suspended owner's profile.
    expect((await adminClient.from('users').update({ nome_mercado: 'Corrigido' }).eq('id', suspended)).error).toBeNull();
  });
});

describe('notifications from the owner side', () => {
  it('an owner writes no notification, of any type, by REST or by sync; the admin list shows only real sends', async () => {
    const owner = await createUser(stack.db);
    const client = await clientOf(owner);
    for (const tipo of ['sistema', 'aviso', 'resposta_suporte', 'plano_vencido', 'estoque_baixo', 'lembrete']) {
      const written = await client.from('notificacoes').insert({ id: randomUUID(), tipo, mensagem: `Falsa: ${tipo}` });
      expect(written.error?.code, tipo).toBe('42501');
    }
    const pushed = await client.rpc('replicate_push', {
      p_table: 'notificacoes',
      p_rows: [{ doc: { id: randomUUID(), user_id: owner, tipo: 'aviso', mensagem: 'Falsa pela sincronização', lido: false } }],
    });
    expect(pushed.error).toBeNull();
    expect((pushed.data as { rejected: { code: string }[] }).rejected.map((row) => row.code)).toEqual(['42501']);
    expect(await countOf(`SELECT count(*)::int AS n FROM public.notificacoes WHERE user_id = $1`, [owner])).toBe(0);
    const page = await adminClient.rpc('admin_notifications_page', { p_limit: 100 });
    expect(page.error).toBeNull();
    expect((page.data as { mensagem: string }[]).filter((row) => row.mensagem.startsWith('Falsa'))).toEqual([]);
  });

  it('an owner marks a notification read or deletes it, and changes nothing else of it', async () => {
    const owner = await createUser(stack.db);
    const client = await clientOf(owner);
    const sent = await adminClient.rpc('admin_send_notification', {
      p_tipo: 'aviso',
      p_mensagem: 'Manutenção domingo',
      p_user_id: owner,
    });
    expect(sent.error).toBeNull();
    const { rows } = await stack.db.query<{ id: string; created_at: string }>(
      `SELECT id, created_at::text FROM public.notificacoes WHERE user_id = $1`,
      [owner],
    );
    const notice = rows[0] ?? { id: '', created_at: '' };
    for (const change of [{ mensagem: 'Ganhou um prêmio' }, { tipo: 'resposta_suporte' }, { referencia_id: 'x' }]) {
      expect((await client.from('notificacoes').update(change).eq('id', notice.id)).error?.code, JSON.stringify(change)).toBe(
        '42501',
      );
    }
    expect(
      (await client.from('notificacoes').update({ lido: true, created_at: '2099-01-01T00:00:00Z' }).eq('id', notice.id)).error,
    ).toBeNull();
    const after = await stack.db.query<{ mensagem: string; tipo: string; lido: boolean; created_at: string }>(
      `SELECT mensagem, tipo, lido, created_at::text FROM public.notificacoes WHERE id = $1`,
      [notice.id],
    );
    expect(after.rows[0]).toEqual({ mensagem: 'Manutenção domingo', tipo: 'aviso', lido: true, created_at: notice.created_at });
    expect((await client.from('notificacoes').delete().eq('id', notice.id)).error).toBeNull();
    expect(await countOf(`SELECT count(*)::int AS n FROM public.notificacoes WHERE id = $1 AND _deleted`, [notice.id])).toBe(1);
  });
});
