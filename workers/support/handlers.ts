// The support domain (docs/product.md §3, §4, §6: premium support): a premium owner's tickets, their conversation, a new
// ticket and replies, online only against the server (tickets are not kept on the device). Reads are live: they
// answer 'offline' while there is no connection and ask again when it returns, after the owner's own writes, when
// Realtime tells of a change to the owner's tickets (the support's reply, a new status), and every `pollMs` while
// someone watches.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  combineLatest,
  distinctUntilChanged,
  from,
  map,
  EMPTY,
  merge,
  of,
  share,
  startWith,
  Subject,
  switchMap,
  timer,
  type Observable,
} from 'rxjs';
import { premiumSupportOwner } from '../account/subscription.ts';
import type { AccountState } from '../account/types.ts';
import { reaching, rowsOrThrow, serverError } from '../admin/server.ts';
import {
  TICKET_COLUMNS,
  toCard,
  responsesOf,
  toMessage,
  type SupportMessage,
  type SupportTicketCard,
  type TicketRow,
} from '../admin/support.ts';
import { DataError, type DataErrorCode } from '../contract/errors.ts';
import { checkInput, parseInput } from '../contract/input.ts';
import type { ConnectivitySource } from '../system/connectivity.ts';
import { openTicketSchema, replySchema, ticketRefSchema, type OpenTicketInput, type ReplyInput } from './schema.ts';
import { ticketChanges } from './ticket-changes.ts';

export interface OwnerTicket extends SupportTicketCard {
  /** The support answered and the owner has not read it yet. */
  readonly unreadUser: boolean;
  readonly archived: boolean;
}

/** Why there is nothing to show: no connection, not a premium owner, or the server failed (its code). */
export type SupportUnavailable =
  { readonly state: 'offline' } | { readonly state: 'not_premium' } | { readonly state: 'error'; readonly code: DataErrorCode };

export type OwnerTicketsView = SupportUnavailable | { readonly state: 'ready'; readonly tickets: readonly OwnerTicket[] };

export type OwnerConversationView =
  | SupportUnavailable
  | { readonly state: 'not_found' }
  | { readonly state: 'ready'; readonly ticket: OwnerTicket; readonly messages: readonly SupportMessage[] };

/** The owner's tickets listed at most (newest activity first). */
export const OWNER_TICKETS_LIMIT = 100;
const DEFAULT_POLL_MS = 60_000;

interface OwnerTicketRow extends TicketRow {
  archived: boolean;
}

const toOwnerTicket = (row: OwnerTicketRow): OwnerTicket => ({
  ...toCard(row),
  // The owner's own view has no 'Novo do Cliente'.
  newFromClient: false,
  unreadUser: row.unread_user,
  archived: row.archived,
});

export interface SupportDomainOptions {
  readonly client: () => SupabaseClient;
  readonly account$: Observable<AccountState>;
  readonly connectivity: ConnectivitySource;
  /** How often a watched read asks again (0: never; only on changes). */
  readonly pollMs?: number;
}

export function createSupportDomain(options: SupportDomainOptions) {
  const { connectivity } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const changed = new Subject<void>();
  // The latest account state, for the commands (the live reads follow the stream itself).
  let current: AccountState | null = null;
  options.account$.subscribe((account) => {
    current = account;
  });
  const owner$ = options.account$.pipe(map(premiumSupportOwner), distinctUntilChanged());

  /** The signed-in premium owner's client, or the reason there is none. */
  function reach(): { client: SupabaseClient; userId: string } {
    if (!connectivity.current().online) throw new DataError('offline');
    const userId = current ? premiumSupportOwner(current) : null;
    if (!userId) throw new DataError(current?.status === 'signed_in' ? 'forbidden' : 'not_signed_in');
    return { client: options.client(), userId };
  }

  const online$ = connectivity.changes.pipe(
    map((change) => change.online),
    startWith(connectivity.current().online),
    distinctUntilChanged(),
  );
  /** The owner's tickets changing on the server while online: one Realtime channel for every watched read. A join
   * counts too, for what changed before it. */
  const serverChanges$ = combineLatest([owner$, online$]).pipe(
    switchMap(([userId, online]) => (userId && online ? ticketChanges(options.client(), `user_id=eq.${userId}`) : EMPTY)),
    share(),
  );

  /** A read that follows the owner, the connection, the owner's writes, the server's changes and the poll. */
  function watched<View>(read: (client: SupabaseClient, userId: string) => Promise<View>): Observable<View | SupportUnavailable> {
    const again$ = merge(changed, serverChanges$, pollMs > 0 ? timer(pollMs, pollMs) : of()).pipe(startWith(undefined));
    return combineLatest([owner$, online$]).pipe(
      switchMap(([userId, online]) => {
        if (!online) return of<SupportUnavailable>({ state: 'offline' });
        if (!userId) return of<SupportUnavailable>({ state: 'not_premium' });
        return again$.pipe(
          switchMap(() =>
            from(
              read(options.client(), userId).catch((failure: unknown): SupportUnavailable => {
                const code = DataError.from(failure).code;
                return code === 'offline' ? { state: 'offline' } : { state: 'error', code };
              }),
            ),
          ),
        );
      }),
    );
  }

  async function ticketsOf(client: SupabaseClient, userId: string): Promise<OwnerTicketsView> {
    const answer = await reaching(() =>
      client
        .from('support_tickets')
        .select(`${TICKET_COLUMNS}, archived`)
        .eq('user_id', userId)
        .order('updated_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(OWNER_TICKETS_LIMIT),
    );
    return { state: 'ready', tickets: rowsOrThrow<OwnerTicketRow>(answer).map(toOwnerTicket) };
  }

  async function conversationOf(client: SupabaseClient, userId: string, ticketId: string): Promise<OwnerConversationView> {
    const [tickets, responses] = await reaching(() =>
      Promise.all([
        client
          .from('support_tickets')
          .select(`${TICKET_COLUMNS}, archived`)
          .eq('id', ticketId)
          .eq('user_id', userId)
          .then((answer) => rowsOrThrow<OwnerTicketRow>(answer)),
        responsesOf(client, ticketId),
      ]),
    );
    const ticket = tickets[0];
    if (!ticket) return { state: 'not_found' };
    return { state: 'ready', ticket: toOwnerTicket(ticket), messages: responses.map(toMessage) };
  }

  const handlers = {
    /** 'Novo ticket': Título, Descrição, Prioridade; the new ticket's id. */
    async openTicket(input: OpenTicketInput): Promise<{ id: string }> {
      const value = parseInput(openTicketSchema, input);
      const { client, userId } = reach();
      const answer = await reaching(() =>
        client
          .from('support_tickets')
          .insert({ user_id: userId, title: value.title, description: value.description, priority: value.priority })
          .select('id'),
      );
      const row = rowsOrThrow<{ id: string }>(answer)[0];
      if (!row) throw new DataError('internal', { diagnostic: 'no row returned' });
      changed.next();
      return { id: row.id };
    },

    /** The owner's reply on one of their tickets. */
    async reply(input: ReplyInput): Promise<void> {
      const { ticketId, message } = parseInput(replySchema, input);
      const { client, userId } = reach();
      const answer = await reaching(() =>
        client.from('support_responses').insert({ ticket_id: ticketId, responder_id: userId, message }),
      );
      if (answer.error) {
        // Not the owner's ticket (RLS) or no such ticket: 'Ticket inválido'.
        if (answer.error.code === '23503' || answer.error.code === '42501')
          throw DataError.invalid([{ field: 'ticketId', code: 'invalid_format' }]);
        throw serverError(answer.error, answer.status);
      }
      changed.next();
    },

    /** Opening a ticket with an unread reply clears the owner's unread mark (the account's '!' follows). */
    async markRead(input: { ticketId: string }): Promise<void> {
      const { ticketId } = parseInput(ticketRefSchema, input);
      const { client, userId } = reach();
      const answer = await reaching(() =>
        client.from('support_tickets').update({ unread_user: false }).eq('id', ticketId).eq('user_id', userId).select('id'),
      );
      if (rowsOrThrow(answer).length === 0) throw new DataError('not_found');
      changed.next();
    },

    /** Asks the server again for every watched read ('Atualizar', 'Tentar novamente'). */
    refresh(): Promise<void> {
      changed.next();
      return Promise.resolve();
    },
  };

  return {
    handlers,
    live: {
      supportTickets: (_params: undefined): Observable<OwnerTicketsView> => watched(ticketsOf),
      supportConversation: (params: { ticketId: string }): Observable<OwnerConversationView> =>
        checkInput(ticketRefSchema, params).ok
          ? watched((client, userId) => conversationOf(client, userId, params.ticketId))
          : of({ state: 'not_found' as const }),
    },
  };
}
