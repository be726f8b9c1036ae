// The support domain's inputs (docs/product.md §3 support ticket and response, §4 priorities, §5 ticket reply): a premium
// owner's new ticket (Título, Descrição, Prioridade) and a reply. Limits are support_tickets' and
// support_responses' CHECKs; the forms import this file too.
import * as v from 'valibot';
import { recordId } from '../contract/input.ts';

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const MESSAGE_MAX = 5000;

/** A reply: not blank, at most 5000 characters (support_responses_message_1_a_5000). */
export const ticketMessage = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(MESSAGE_MAX, 'too_long'));

export const openTicketSchema = v.object({
  title: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(TITLE_MAX, 'too_long')),
  description: v.optional(v.pipe(v.string('invalid_type'), v.trim(), v.maxLength(DESCRIPTION_MAX, 'too_long')), ''),
  priority: v.optional(v.picklist(TICKET_PRIORITIES, 'invalid_option'), 'medium'),
});
export type OpenTicketInput = v.InferInput<typeof openTicketSchema>;

export const replySchema = v.object({ ticketId: recordId, message: ticketMessage });
export type ReplyInput = v.InferInput<typeof replySchema>;

export const ticketRefSchema = v.object({ ticketId: recordId });
