// The admin's support board (docs/product.md §2 /admin/support, §4 ticket status, §7 support calls): the four columns read
// on the server (each its count and its newest tickets, archived ones left out), a ticket's conversation, status
// moves, archiving a closed ticket, the admin read mark and replies. The server logs each change (0018).
import type { SupabaseClient } from '@supabase/supabase-js';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import { TICKET_STATUSES, type TicketPriority, type TicketStatus } from '../support/schema.ts';
import type { AdminServer } from './server.ts';
import { reaching, rowsOrThrow, serverError } from './server.ts';
import { adminReplySchema, boardQuerySchema, moveTicketSchema, ticketIdSchema, type BoardQuery } from './support-schema.ts';

export interface SupportTicketCard {
  readonly id: string;
  readonly userId: string;
  readonly title: string;
  readonly description: string;
  readonly status: TicketStatus;
  readonly priority: TicketPriority;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly resolvedAt: string | null;
  readonly firstResponseAt: string | null;
  readonly lastResponseAt: string | null;
  readonly unreadAdmin: boolean;
  /** 'Novo do Cliente': unread by the admin and the latest word is the owner's (a new ticket, or their reply). */
  readonly newFromClient: boolean;
}

export interface SupportColumn {
  readonly status: TicketStatus;
  /** Every non-archived ticket in this column. */
  readonly total: number;
  /** The newest of them, as many as asked. */
  readonly tickets: readonly SupportTicketCard[];
}

export interface SupportBoard {
  readonly columns: readonly SupportColumn[];
}

export interface SupportMessage {
  readonly id: string;
  readonly from: 'admin' | 'user';
  readonly message: string;
  readonly createdAt: string;
}

export interface SupportTicketDetail {
  readonly ticket: SupportTicketCard;
  /** Oldest first. */
  readonly messages: readonly SupportMessage[];
  /** The owner's name and shop, when the profile still exists. */
  readonly owner: { readonly nome: string | null; readonly email: string | null; readonly nomeMercado: string | null } | null;
}

export interface TicketRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
  first_response_at: string | null;
  last_response_at: string | null;
  unread_admin: boolean;
  unread_user: boolean;
  support_responses?: { responder_type: 'admin' | 'user' }[];
}

export interface ResponseRow {
  id: string;
  responder_type: 'admin' | 'user';
  message: string;
  created_at: string;
}

export const TICKET_COLUMNS =
  'id, user_id, title, description, status, priority, created_at, updated_at, resolved_at, first_response_at, last_response_at, unread_admin, unread_user';

export function toCard(row: TicketRow): SupportTicketCard {
  // 'Novo do Cliente' (docs/product.md §2): the latest response is the owner's and the admin has not read it. A brand-new
  // ticket has no response yet: it is new on the board, not a reply waiting.
  const latest = row.support_responses?.[0]?.responder_type ?? null;
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    resolvedAt: row.resolved_at,
    firstResponseAt: row.first_response_at,
    lastResponseAt: row.last_response_at,
    unreadAdmin: row.unread_admin,
    newFromClient: row.unread_admin && latest === 'user',
  };
}

export const toMessage = (row: ResponseRow): SupportMessage => ({
  id: row.id,
  from: row.responder_type,
  message: row.message,
  createdAt: row.created_at,
});

/** A ticket's conversation, oldest first, as the owner's and the admin's screens both read it. */
export function responsesOf(client: SupabaseClient, ticketId: string): PromiseLike<ResponseRow[]> {
  return client
    .from('support_responses')
    .select('id, responder_type, message, created_at')
    .eq('ticket_id', ticketId)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true })
    .then((answer) => rowsOrThrow<ResponseRow>(answer));
}

export function createSupportHandlers(server: AdminServer) {
  /** The signed-in client when the server says it is an admin's (is_admin), else DataError 'forbidden'. */
  async function adminClient() {
    const client = server.online();
    const answer = await reaching(() => client.rpc('is_admin'));
    if (answer.error) throw serverError(answer.error, answer.status);
    if (answer.data !== true) throw new DataError('forbidden');
    return client;
  }

  /** One ticket as the board shows it, or not_found. */
  async function ticketCard(ticketId: string): Promise<SupportTicketCard> {
    const client = await adminClient();
    const answer = await reaching(() =>
      client
        .from('support_tickets')
        .select(`${TICKET_COLUMNS}, support_responses(responder_type)`)
        .eq('id', ticketId)
        .order('created_at', { referencedTable: 'support_responses', ascending: false })
        .limit(1, { referencedTable: 'support_responses' }),
    );
    const row = rowsOrThrow<TicketRow>(answer)[0];
    if (!row) throw new DataError('not_found');
    return toCard(row);
  }

  /** An update of one ticket; not_found when no row changed (gone, or not visible). */
  async function updateTicket(ticketId: string, changes: Record<string, unknown>): Promise<void> {
    const client = await adminClient();
    const answer = await reaching(() => client.from('support_tickets').update(changes).eq('id', ticketId).select('id'));
    if (rowsOrThrow(answer).length === 0) throw new DataError('not_found');
  }

  return {
    /** The board: per column its count and newest tickets (archived ones hidden), newest first. */
    async supportBoard(query: BoardQuery = {}): Promise<SupportBoard> {
      const sizes = parseInput(boardQuerySchema, query);
      const client = await adminClient();
      const columns = await reaching(() =>
        Promise.all(
          TICKET_STATUSES.map(async (status): Promise<SupportColumn> => {
            const answer = await client
              .from('support_tickets')
              .select(`${TICKET_COLUMNS}, support_responses(responder_type)`, { count: 'exact' })
              .eq('archived', false)
              .eq('status', status)
              .order('created_at', { ascending: false })
              .order('id', { ascending: false })
              .order('created_at', { referencedTable: 'support_responses', ascending: false })
              .limit(1, { referencedTable: 'support_responses' })
              .limit(sizes[status]);
            const rows = rowsOrThrow<TicketRow>(answer);
            return { status, total: answer.count ?? rows.length, tickets: rows.map(toCard) };
          }),
        ),
      );
      return { columns };
    },

    /** The detail modal: the ticket, its conversation oldest first and who opened it. */
    async supportTicket(input: { ticketId: string }): Promise<SupportTicketDetail> {
      const { ticketId } = parseInput(ticketIdSchema, input);
      const client = server.online();
      const ticket = await ticketCard(ticketId);
      const [responses, owner] = await reaching(() =>
        Promise.all([
          responsesOf(client, ticketId),
          client
            .from('users')
            .select('nome, email, nome_mercado')
            .eq('id', ticket.userId)
            .then((answer) => rowsOrThrow<{ nome: string | null; email: string | null; nome_mercado: string | null }>(answer)[0]),
        ]),
      );
      return {
        ticket,
        messages: responses.map(toMessage),
        owner: owner ? { nome: owner.nome, email: owner.email, nomeMercado: owner.nome_mercado } : null,
      };
    },

    /** Opening a ticket the admin has not read: the read mark (mark_ticket_read_admin). */
    async markTicketRead(input: { ticketId: string }): Promise<void> {
      const { ticketId } = parseInput(ticketIdSchema, input);
      const client = server.online();
      const answer = await reaching(() => client.rpc('mark_ticket_read_admin', { p_ticket_id: ticketId }));
      if (answer.error) throw serverError(answer.error, answer.status);
    },

    /** A move to any column; resolved and closed stamp the resolution time (the server's trigger). */
    async moveTicket(input: { ticketId: string; status: TicketStatus }): Promise<void> {
      const { ticketId, status } = parseInput(moveTicketSchema, input);
      await updateTicket(ticketId, { status });
    },

    /** 'Arquivar': only a closed ticket (the server refuses others with its CHECK). */
    async archiveTicket(input: { ticketId: string }): Promise<void> {
      const { ticketId } = parseInput(ticketIdSchema, input);
      const ticket = await ticketCard(ticketId);
      if (ticket.status !== 'closed') throw DataError.invalid([{ field: 'status', code: 'invalid_option' }]);
      await updateTicket(ticketId, { archived: true });
    },

    /** The admin's reply (tagged admin by the server, which stamps the response times and notifies the owner). */
    async replyTicket(input: { ticketId: string; message: string }): Promise<void> {
      const { ticketId, message } = parseInput(adminReplySchema, input);
      const client = await adminClient();
      const answer = await reaching(() => client.from('support_responses').insert({ ticket_id: ticketId, message }));
      if (answer.error) {
        // A ticket that does not exist fails its foreign key (23503): 'Ticket inválido'.
        if (answer.error.code === '23503') throw DataError.invalid([{ field: 'ticketId', code: 'invalid_format' }]);
        throw serverError(answer.error, answer.status);
      }
    },
  };
}
