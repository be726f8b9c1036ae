// Support against the local stack, both sides: a premium owner opens a ticket and replies through the support
// domain; the admin reads the board (columns with counts, archived hidden, 'Novo do Cliente'), the conversation
// oldest first, replies, moves the ticket any-to-any (resolved_at stamped), archives only a closed one; the
// response stamps and unread flags both ways, the owner's 'resposta_suporte' notification, the account badge, the
// server's admin_logs entries; a non-admin is refused every admin call; another owner sees nothing; 'offline'.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportHasUnread } from '../../workers/account/subscription.ts';
import type { AccountState } from '../../workers/account/types.ts';
import { createAdminDomain } from '../../workers/admin/handlers.ts';
import { createSupportDomain, type OwnerConversationView, type OwnerTicketsView } from '../../workers/support/handlers.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { adminClientOf, failure } from '../support/admin.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser } from '../db/helpers.ts';

let stack: TestStack;
let ownerId: string;
let otherId: string;
let adminId: string;
let ownerClient: SupabaseClient;
let otherClient: SupabaseClient;
let adminClient: SupabaseClient;
const connectivity = createManualConnectivity(true);
let admin: ReturnType<typeof createAdminDomain>['handlers'];
let asOwnerAdmin: ReturnType<typeof createAdminDomain>['handlers'];
let owner: ReturnType<typeof createSupportDomain>;
let other: ReturnType<typeof createSupportDomain>;

function signedIn(id: string, premium: boolean): AccountState {
  return {
    status: 'signed_in',
    user: { id, email: `${id}@teste.dev`, emailConfirmed: true, isAdmin: false },
    profile: null,
    plan: {
      kind: premium ? 'premium' : 'trial',
      isPremium: premium,
      trialEndsAt: null,
      trialDaysLeft: premium ? null : 10,
      premiumUntil: premium ? '2099-01-01T00:00:00.000Z' : null,
      paymentStatus: premium ? 'ativo' : null,
    },
    offline: false,
  };
}

async function premiumOwner(): Promise<string> {
  const id = await createUser(stack.db);
  await stack.db.query(
    `UPDATE public.users SET plano = 'premium', status_pagamento = 'ativo', data_fim_plano = now() + interval '30 days' WHERE id = $1`,
    [id],
  );
  return id;
}

async function logsOf(ticketId: string): Promise<{ action: string; admin_id: string; details: Record<string, unknown> }[]> {
  const { rows } = await stack.db.query<{ action: string; admin_id: string; details: Record<string, unknown> }>(
    `SELECT action, admin_id, details FROM public.admin_logs WHERE target_type = 'ticket' AND target_id = $1 ORDER BY created_at, id`,
    [ticketId],
  );
  return rows;
}

const ticketsNow = (domain: ReturnType<typeof createSupportDomain>) => firstValueFrom(domain.live.supportTickets(undefined));
const conversationNow = (domain: ReturnType<typeof createSupportDomain>, ticketId: string) =>
  firstValueFrom(domain.live.supportConversation({ ticketId }));
const ready = <View extends { state: string }>(view: View) => {
  if (view.state !== 'ready') throw new Error(`expected ready, got ${JSON.stringify(view)}`);
  return view as Extract<View, { state: 'ready' }>;
};

beforeAll(async () => {
  stack = await startTestStack();
  ownerId = await premiumOwner();
  otherId = await premiumOwner();
  adminId = await createUser(stack.db);
  ownerClient = stack.client(await stack.mintUserToken(ownerId));
  otherClient = stack.client(await stack.mintUserToken(otherId));
  adminClient = await adminClientOf(stack, adminId);
  admin = createAdminDomain({ client: () => adminClient, connectivity }).handlers;
  asOwnerAdmin = createAdminDomain({ client: () => ownerClient, connectivity }).handlers;
  owner = createSupportDomain({
    client: () => ownerClient,
    account$: new BehaviorSubject(signedIn(ownerId, true)),
    connectivity,
    pollMs: 0,
  });
  other = createSupportDomain({
    client: () => otherClient,
    account$: new BehaviorSubject(signedIn(otherId, true)),
    connectivity,
    pollMs: 0,
  });
});
afterAll(async () => {
  await stack.close();
});

describe('support tickets', () => {
  let ticketId = '';

  it('a premium owner opens a ticket: open, unread for the admin, on the board without Novo do Cliente (no reply yet)', async () => {
    const invalid = await failure(owner.handlers.openTicket({ title: '   ', description: 'x' }));
    expect(invalid.issues).toEqual([{ field: 'title', code: 'required' }]);
    const bad = await failure(owner.handlers.openTicket({ title: 'x', priority: 'agora' as 'low' }));
    expect(bad.issues[0]).toMatchObject({ field: 'priority', code: 'invalid_option' });

    ({ id: ticketId } = await owner.handlers.openTicket({
      title: 'Não sincroniza',
      description: 'Desde ontem o celular não envia as vendas.',
      priority: 'urgent',
    }));
    const mine = ready(await ticketsNow(owner));
    expect(mine.tickets).toHaveLength(1);
    expect(mine.tickets[0]).toMatchObject({ id: ticketId, status: 'open', priority: 'urgent', unreadUser: false });

    const board = await admin.supportBoard();
    expect(board.columns.map((column) => column.status)).toEqual(['open', 'in_progress', 'resolved', 'closed']);
    const open = board.columns[0];
    expect(open?.total).toBe(1);
    expect(open?.tickets[0]).toMatchObject({
      id: ticketId,
      title: 'Não sincroniza',
      priority: 'urgent',
      unreadAdmin: true,
      newFromClient: false,
      firstResponseAt: null,
    });
    expect(board.columns.slice(1).every((column) => column.total === 0 && column.tickets.length === 0)).toBe(true);
  });

  it('another owner sees nothing of it, and cannot reply or mark it read', async () => {
    expect(ready(await ticketsNow(other)).tickets).toEqual([]);
    expect((await conversationNow(other, ticketId)).state).toBe('not_found');
    expect((await failure(other.handlers.reply({ ticketId, message: 'intruso' }))).issues).toEqual([
      { field: 'ticketId', code: 'invalid_format' },
    ]);
    expect((await failure(other.handlers.markRead({ ticketId }))).code).toBe('not_found');
    expect((await otherClient.from('support_responses').select('id').eq('ticket_id', ticketId)).data).toEqual([]);
  });

  it('the admin opens it (read mark), replies: stamps, the owner unread mark, the notification, the badge', async () => {
    await admin.markTicketRead({ ticketId });
    const opened = await admin.supportTicket({ ticketId });
    expect(opened.ticket).toMatchObject({ unreadAdmin: false, newFromClient: false });
    expect(opened.messages).toEqual([]);
    expect(opened.owner).toMatchObject({ nome: 'Dona Teste', nomeMercado: 'Mercadinho Teste' });

    expect((await failure(admin.replyTicket({ ticketId, message: '   ' }))).issues).toEqual([
      { field: 'message', code: 'required' },
    ]);
    expect((await failure(admin.replyTicket({ ticketId: 'x', message: 'oi' }))).issues).toEqual([
      { field: 'ticketId', code: 'invalid_format' },
    ]);
    expect((await failure(admin.replyTicket({ ticketId: randomUUID(), message: 'oi' }))).issues).toEqual([
      { field: 'ticketId', code: 'invalid_format' },
    ]);
    await admin.replyTicket({ ticketId, message: 'Olá! Vamos verificar.' });
    const answered = await admin.supportTicket({ ticketId });
    expect(answered.messages).toMatchObject([{ from: 'admin', message: 'Olá! Vamos verificar.' }]);
    expect(answered.ticket.firstResponseAt).not.toBeNull();
    expect(answered.ticket.lastResponseAt).toBe(answered.ticket.firstResponseAt);

    const { rows: notes } = await stack.db.query<{ tipo: string; mensagem: string; lido: boolean }>(
      `SELECT tipo, mensagem, lido FROM public.notificacoes WHERE user_id = $1 AND referencia_id = $2`,
      [ownerId, ticketId],
    );
    expect(notes).toEqual([{ tipo: 'resposta_suporte', mensagem: 'Nova resposta do suporte: Não sincroniza', lido: false }]);
    expect((await ownerClient.from('notificacoes').select('tipo').eq('referencia_id', ticketId)).data).toEqual([
      { tipo: 'resposta_suporte' },
    ]);

    // The account's '!' counts it; the owner's list marks it unread until the conversation is opened.
    expect(await supportHasUnread(ownerClient, ownerId)).toBe(true);
    expect(ready(await ticketsNow(owner)).tickets[0]?.unreadUser).toBe(true);
    const conversation = ready(await conversationNow(owner, ticketId));
    expect(conversation.messages).toMatchObject([{ from: 'admin', message: 'Olá! Vamos verificar.' }]);
    await owner.handlers.markRead({ ticketId });
    expect(await supportHasUnread(ownerClient, ownerId)).toBe(false);
    expect(ready(await ticketsNow(owner)).tickets[0]?.unreadUser).toBe(false);
  });

  it('the owner replies: unread for the admin again with Novo do Cliente; the first response stamp stays', async () => {
    const before = (await admin.supportTicket({ ticketId })).ticket;
    expect((await failure(owner.handlers.reply({ ticketId, message: '' }))).issues).toEqual([
      { field: 'message', code: 'required' },
    ]);
    await owner.handlers.reply({ ticketId, message: 'Obrigada, aguardo.' });
    const card = (await admin.supportBoard()).columns[0]?.tickets[0];
    expect(card).toMatchObject({ id: ticketId, unreadAdmin: true, newFromClient: true });
    const detail = await admin.supportTicket({ ticketId });
    expect(detail.messages.map((message) => [message.from, message.message])).toEqual([
      ['admin', 'Olá! Vamos verificar.'],
      ['user', 'Obrigada, aguardo.'],
    ]);
    expect(detail.ticket.firstResponseAt).toBe(before.firstResponseAt);
    // A second admin reply moves the last response, not the first.
    await admin.markTicketRead({ ticketId });
    await admin.replyTicket({ ticketId, message: 'Resolvido do nosso lado.' });
    const again = (await admin.supportTicket({ ticketId })).ticket;
    expect(again.firstResponseAt).toBe(before.firstResponseAt);
    expect(Date.parse(again.lastResponseAt ?? '')).toBeGreaterThan(Date.parse(before.lastResponseAt ?? ''));
    expect(ready(await conversationNow(owner, ticketId)).messages).toHaveLength(3);
  });

  it('status moves any-to-any with resolved_at; only a closed ticket is archived, then hidden', async () => {
    await admin.moveTicket({ ticketId, status: 'in_progress' });
    let board = await admin.supportBoard();
    expect(board.columns[1]?.tickets.map((ticket) => ticket.id)).toEqual([ticketId]);
    expect(board.columns[1]?.tickets[0]?.resolvedAt).toBeNull();
    expect((await failure(admin.archiveTicket({ ticketId }))).issues).toEqual([{ field: 'status', code: 'invalid_option' }]);

    await admin.moveTicket({ ticketId, status: 'resolved' });
    const resolved = (await admin.supportTicket({ ticketId })).ticket;
    expect(resolved.status).toBe('resolved');
    expect(resolved.resolvedAt).not.toBeNull();
    await admin.moveTicket({ ticketId, status: 'open' });
    await admin.moveTicket({ ticketId, status: 'closed' });
    board = await admin.supportBoard();
    expect(board.columns.map((column) => column.total)).toEqual([0, 0, 0, 1]);
    expect(board.columns[3]?.tickets[0]?.resolvedAt).not.toBeNull();
    expect((await failure(admin.moveTicket({ ticketId, status: 'done' as 'open' }))).issues[0]).toMatchObject({
      field: 'status',
    });

    await admin.archiveTicket({ ticketId });
    board = await admin.supportBoard();
    expect(board.columns.map((column) => column.total)).toEqual([0, 0, 0, 0]);
    // The owner still finds it (closed and archived).
    expect(ready(await ticketsNow(owner)).tickets[0]).toMatchObject({ id: ticketId, status: 'closed', archived: true });
  });

  it('the server logged every admin step (never the owner): replies, status moves from and to, archive', async () => {
    const logs = await logsOf(ticketId);
    expect(logs.every((entry) => entry.admin_id === adminId)).toBe(true);
    expect(logs.map((entry) => entry.action)).toEqual([
      'reply_ticket',
      'reply_ticket',
      'update_ticket_status',
      'update_ticket_status',
      'update_ticket_status',
      'update_ticket_status',
      'archive_ticket',
    ]);
    expect(logs.filter((entry) => entry.action === 'update_ticket_status').map((entry) => entry.details)).toEqual([
      { de: 'open', para: 'in_progress', titulo: 'Não sincroniza' },
      { de: 'in_progress', para: 'resolved', titulo: 'Não sincroniza' },
      { de: 'resolved', para: 'open', titulo: 'Não sincroniza' },
      { de: 'open', para: 'closed', titulo: 'Não sincroniza' },
    ]);
    // An owner's own reply or read mark wrote nothing; nor does an owner's REST update get past the server.
    expect((await ownerClient.from('support_tickets').update({ status: 'open' }).eq('id', ticketId)).error?.code).toBe('42501');
    expect(await logsOf(ticketId)).toHaveLength(7);
  });

  it('a non-admin is refused every admin support call with forbidden', async () => {
    const { id } = await owner.handlers.openTicket({ title: 'Outro', description: '' });
    expect((await failure(asOwnerAdmin.supportBoard())).code).toBe('forbidden');
    expect((await failure(asOwnerAdmin.supportTicket({ ticketId: id }))).code).toBe('forbidden');
    expect((await failure(asOwnerAdmin.markTicketRead({ ticketId: id }))).code).toBe('forbidden');
    expect((await failure(asOwnerAdmin.moveTicket({ ticketId: id, status: 'closed' }))).code).toBe('forbidden');
    expect((await failure(asOwnerAdmin.archiveTicket({ ticketId: id }))).code).toBe('forbidden');
    expect((await failure(asOwnerAdmin.replyTicket({ ticketId: id, message: 'oi' }))).code).toBe('forbidden');
    expect((await ownerClient.rpc('mark_ticket_read_admin', { p_ticket_id: id })).error?.code).toBe('42501');
    const row = (await admin.supportTicket({ ticketId: id })).ticket;
    expect(row).toMatchObject({ status: 'open', unreadAdmin: true });
    expect(await logsOf(id)).toEqual([]);
  });

  it('a non-premium owner is told so and cannot open a ticket', async () => {
    const free = createSupportDomain({
      client: () => ownerClient,
      account$: new BehaviorSubject(signedIn(ownerId, false)),
      connectivity,
      pollMs: 0,
    });
    expect(await ticketsNow(free)).toEqual({ state: 'not_premium' });
    expect((await failure(free.handlers.openTicket({ title: 'x' }))).code).toBe('forbidden');
  });

  it('offline: the reads say so and come back online; every command refuses with offline', async () => {
    const views: OwnerTicketsView[] = [];
    const waiters = new Set<() => void>();
    const subscription = owner.live.supportTickets(undefined).subscribe((view) => {
      views.push(view);
      for (const waiter of waiters) waiter();
    });
    /** Resolves once the watched read has emitted `count` views. */
    const seen = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (views.length >= count) resolve();
        };
        waiters.add(check);
        check();
      });
    await seen(1);
    connectivity.set(false);
    expect(await ticketsNow(owner)).toEqual({ state: 'offline' });
    const offlineConversation: OwnerConversationView = await conversationNow(owner, randomUUID());
    expect(offlineConversation).toEqual({ state: 'offline' });
    expect((await failure(owner.handlers.openTicket({ title: 'x' }))).code).toBe('offline');
    expect((await failure(owner.handlers.reply({ ticketId: randomUUID(), message: 'x' }))).code).toBe('offline');
    expect((await failure(owner.handlers.markRead({ ticketId: randomUUID() }))).code).toBe('offline');
    expect((await failure(admin.supportBoard())).code).toBe('offline');
    expect((await failure(admin.replyTicket({ ticketId: randomUUID(), message: 'x' }))).code).toBe('offline');
    expect((await failure(admin.moveTicket({ ticketId: randomUUID(), status: 'open' }))).code).toBe('offline');
    connectivity.set(true);
    await seen(3);
    subscription.unsubscribe();
    expect(views.map((view) => view.state)).toEqual(['ready', 'offline', 'ready']);
  });
});
