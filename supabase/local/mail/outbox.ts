// The mail outbox: every email the local stack would send, kept in the stack-private `_stack` schema so that
// it survives restarts, and read back newest first by the outbox page, its JSON API and the tests.
import type { Queryable } from '../db/database.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is for: `signup`, `recovery`, `email_change`, `email_change_notice`, `magiclink`. */
  kind: string;
}

export interface MailMessage extends OutgoingMail {
  id: string;
  from: string;
  createdAt: string;
  /** Every link of the message, in order (the first is the action link). */
  links: string[];
}

export interface MailFilter {
  to?: string;
  kind?: string;
  limit?: number;
}

export interface Outbox {
  /** Creates the outbox table when missing (idempotent). */
  ensureSchema(): Promise<void>;
  /** Stores `mail`; `via` is the open transaction of the caller, when there is one. */
  send(mail: OutgoingMail, via?: Queryable): Promise<MailMessage>;
  list(filter?: MailFilter): Promise<MailMessage[]>;
  get(id: string): Promise<MailMessage | null>;
  /** Empties the outbox, or only the messages sent to `to`; returns how many were removed. */
  clear(to?: string): Promise<number>;
}

export const MAIL_FROM = 'Caderneta <nao-responda@caderneta.local>';
const MAX_LIST = 200;

interface MessageRow {
  id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  created_at: string;
}

const COLUMNS = 'id::text AS id, to_address, from_address, subject, text_body, html_body, kind, created_at::text AS created_at';

/** Links found in an email's HTML (`href="…"`), entities decoded, in order and without repeats. */
export function extractLinks(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = (match[1] ?? '').replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
    if (!links.includes(href)) links.push(href);
  }
  return links;
}

function toMessage(row: MessageRow): MailMessage {
  return {
    id: row.id,
    to: row.to_address,
    from: row.from_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    kind: row.kind,
    createdAt: row.created_at,
    links: extractLinks(row.html_body),
  };
}

export function createOutbox(db: Queryable): Outbox {
  return {
    async ensureSchema() {
      await db.exec(`
        CREATE SCHEMA IF NOT EXISTS _stack;
        REVOKE ALL ON SCHEMA _stack FROM PUBLIC;
        CREATE TABLE IF NOT EXISTS _stack.mail_messages (
          id bigserial PRIMARY KEY,
          to_address text NOT NULL,
          from_address text NOT NULL,
          subject text NOT NULL,
          text_body text NOT NULL,
          html_body text NOT NULL,
          kind text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX IF NOT EXISTS mail_messages_to_idx ON _stack.mail_messages (lower(to_address), id DESC);`);
    },
    async send(mail, via = db) {
      const { rows } = await via.query<MessageRow>(
        `INSERT INTO _stack.mail_messages (to_address, from_address, subject, text_body, html_body, kind)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [mail.to, MAIL_FROM, mail.subject, mail.text, mail.html, mail.kind],
      );
      const row = rows[0];
      if (!row) throw new Error('a mensagem não foi gravada na caixa de saída');
      return toMessage(row);
    },
    async list(filter = {}) {
      const limit = Math.min(Math.max(1, Math.trunc(filter.limit ?? 50)), MAX_LIST);
      const { rows } = await db.query<MessageRow>(
        `SELECT ${COLUMNS} FROM _stack.mail_messages
          WHERE ($1::text IS NULL OR lower(to_address) = lower($1::text))
            AND ($2::text IS NULL OR kind = $2::text)
          ORDER BY id DESC LIMIT $3`,
        [filter.to ?? null, filter.kind ?? null, limit],
      );
      return rows.map(toMessage);
    },
    async get(id) {
      if (!/^\d{1,18}$/.test(id)) return null;
      const { rows } = await db.query<MessageRow>(`SELECT ${COLUMNS} FROM _stack.mail_messages WHERE id = $1::bigint`, [id]);
      return rows[0] ? toMessage(rows[0]) : null;
    },
    async clear(to) {
      const { rowCount } = await db.query(
        'DELETE FROM _stack.mail_messages WHERE $1::text IS NULL OR lower(to_address) = lower($1::text)',
        [to ?? null],
      );
      return rowCount;
    },
  };
}
