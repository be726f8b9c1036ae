// Support live both ways, with no poll and no 'Atualizar': the owner's open thread shows the support's reply and
// the new status as soon as the admin writes them, and the admin's ticket changes stream counts a new ticket of the
// owner, a move made elsewhere and the owner's reply; another owner hears nothing of it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountState } from '../../workers/account/types.ts';
import { createSupportDomain, type OwnerConversationView } from '../../workers/support/handlers.ts';
import { ticketChanges } from '../../workers/support/ticket-changes.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser } from '../db/helpers.ts';

/** How long a change may take to show (the product asks for about a second). */
const LIVE_MS = 3000;

let stack: TestStack;

async function premiumOwner(): Promise<string> {
  const id = await createUser(stack.db);
  await stack.db.query(
    `UPDATE public.users SET plano = 'premium', status_pagamento = 'ativo', data_fim_plano = now() + interval '30 days' WHERE id = $1`,
    [id],
  );
  return id;
}

/** A client acting as `userId` whose Realtime socket joins as them too. */
async function signedIn(userId: string, admin = false): Promise<SupabaseClient> {
  const token = await stack.mintUserToken(userId, admin ? { app_metadata: { provider: 'email', role: 'admin' } } : {});
  const client = stack.client(token);
  await client.realtime.setAuth(token);
  return client;
}

function premiumAccount(userId: string): AccountState {
  return {
    status: 'signed_in',
    user: { id: userId, email: `${userId}@teste.dev`, emailConfirmed: true, isAdmin: false },
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
}

/** Waits until `check` holds, failing after LIVE_MS. */
async function within(check: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > LIVE_MS) throw new Error(`not live within ${String(LIVE_MS)} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

describe('support live through Realtime', () => {
  it("the owner's open thread shows the admin's reply and the resolved status without asking again", async () => {
    const owner = await premiumOwner();
    const admin = await signedIn(await createUser(stack.db), true);
    const ownerClient = await signedIn(owner);
    const domain = createSupportDomain({
      client: () => ownerClient,
      account$: new BehaviorSubject(premiumAccount(owner)),
      connectivity: createManualConnectivity(true),
      pollMs: 0,
    });
    const { id } = await domain.handlers.openTicket({ title: 'Vendas não sincronizam', description: '', priority: 'high' });
    // One watcher, as the open thread on the owner's screen: every view it is shown, in order.
    const views: OwnerConversationView[] = [];
    const watching = domain.live.supportConversation({ ticketId: id }).subscribe((view) => views.push(view));
    const latest = () => views.at(-1);
    const ready = () => views.filter((view) => view.state === 'ready').length;
    await within(() => ready() >= 1, 'the first read');
    // The channel's join is itself a reason to read again, so the reply shows whether the join comes before the
    // admin writes it (a change heard) or after (the read on joining); either way the channel listens from then on,
    // and the resolved status, written after the reply shows, can only come through it (polling is off).

    expect(
      (await admin.from('support_responses').insert({ ticket_id: id, message: 'Já estamos verificando.' })).error,
    ).toBeNull();
    // The reply and its unread mark: a read may fall between the ticket's row and its messages, and the reply's
    // change (the ticket's row updated with it) brings the read that shows both.
    await within(() => {
      const view = latest();
      return (
        view?.state === 'ready' &&
        view.messages.some((message) => message.message === 'Já estamos verificando.') &&
        view.ticket.unreadUser
      );
    }, "the admin's reply, marked unread");

    expect((await admin.from('support_tickets').update({ status: 'resolved' }).eq('id', id)).error).toBeNull();
    await within(() => {
      const view = latest();
      return view?.state === 'ready' && view.ticket.status === 'resolved';
    }, 'the resolved status');
    watching.unsubscribe();
  });

  it("the admin hears of a new ticket, another admin's move and the owner's reply; another owner hears nothing", async () => {
    const owner = await premiumOwner();
    const ownerClient = await signedIn(owner);
    const stranger = await signedIn(await premiumOwner());
    const admin = await signedIn(await createUser(stack.db), true);
    const otherTab = await signedIn(await createUser(stack.db), true);

    const adminCounts: number[] = [];
    const strangerCounts: number[] = [];
    const listening = ticketChanges(admin).subscribe((count) => adminCounts.push(count));
    const strangerListening = ticketChanges(stranger).subscribe((count) => strangerCounts.push(count));
    await within(() => adminCounts.length > 0, "the admin's join");
    await within(() => strangerCounts.length > 0, "the other owner's join");
    expect(adminCounts).toEqual([0]);

    const opened = await ownerClient
      .from('support_tickets')
      .insert({ title: 'Impressora', priority: 'low' })
      .select('id')
      .single();
    expect(opened.error).toBeNull();
    const ticketId = (opened.data as { id: string }).id;
    await within(() => adminCounts.length >= 2, 'the new ticket');

    let seen = adminCounts.length;
    expect((await otherTab.from('support_tickets').update({ status: 'in_progress' }).eq('id', ticketId)).error).toBeNull();
    await within(() => adminCounts.length > seen, 'the move made in another tab');

    seen = adminCounts.length;
    expect(
      (await ownerClient.from('support_responses').insert({ ticket_id: ticketId, message: 'Alguma novidade?' })).error,
    ).toBeNull();
    await within(() => adminCounts.length > seen, "the owner's reply");

    // Another owner's channel heard none of it (only its join).
    expect(strangerCounts).toEqual([0]);
    listening.unsubscribe();
    strangerListening.unsubscribe();
  });
});
