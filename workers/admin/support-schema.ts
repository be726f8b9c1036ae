// The admin support board's inputs (docs/product.md §2 /admin/support, §4 ticket status, §5 ticket reply): the board's
// per-column sizes, a status move, archiving, the read mark and a reply. Limits are support_*'s CHECKs.
import * as v from 'valibot';
import { recordId } from '../contract/input.ts';
import { TICKET_STATUSES, ticketMessage } from '../support/schema.ts';

/** Tickets a board column shows at first, and each 'Ver mais' adds. */
export const BOARD_COLUMN_SIZE = 20;
/** The most a column shows at once. */
export const BOARD_COLUMN_MAX = 200;

const columnSize = v.optional(
  v.pipe(
    v.number('invalid_type'),
    v.integer('invalid_type'),
    v.minValue(1, 'too_small'),
    v.maxValue(BOARD_COLUMN_MAX, 'too_large'),
  ),
  BOARD_COLUMN_SIZE,
);

export const boardQuerySchema = v.object({
  open: columnSize,
  in_progress: columnSize,
  resolved: columnSize,
  closed: columnSize,
});
export type BoardQuery = v.InferInput<typeof boardQuerySchema>;

export const ticketIdSchema = v.object({ ticketId: recordId });
export const moveTicketSchema = v.object({ ticketId: recordId, status: v.picklist(TICKET_STATUSES, 'invalid_option') });
export const adminReplySchema = v.object({ ticketId: recordId, message: ticketMessage });
export type AdminReplyInput = v.InferInput<typeof adminReplySchema>;
