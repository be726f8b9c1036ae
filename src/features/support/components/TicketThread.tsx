// A ticket's conversation, oldest first, and its reply box, as the owner and the admin both see them (docs/product.md §2,
// §4): one side's messages on the right in brand colour, the other's on the left, each with who and when.
import { useId, useState, type SyntheticEvent } from 'react';
import { clsx } from 'clsx';
import type { SupportMessage } from '../../../../workers/api.ts';
import { MESSAGE_MAX } from '../../../../workers/support/schema.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { showToast } from '../../../ui/toast.ts';

/** The messages; those `from` the reader's own side are on the right under `ownLabel`. */
export function TicketMessages({
  messages,
  own,
  ownLabel,
  otherLabel,
  emptyText,
}: {
  messages: readonly SupportMessage[];
  own: SupportMessage['from'];
  ownLabel: string;
  otherLabel: string;
  emptyText: string;
}) {
  if (messages.length === 0) return <p className="text-sm text-ink/70">{emptyText}</p>;
  return (
    <ol className="flex flex-col gap-2">
      {messages.map((message) => {
        const mine = message.from === own;
        return (
          <li
            key={message.id}
            className={clsx(
              'flex max-w-[90%] flex-col gap-1 rounded-2xl px-3 py-2',
              mine ? 'self-end bg-brand-50' : 'self-start border border-ink/10 bg-white',
            )}
          >
            <span className="flex flex-wrap items-baseline gap-2 text-xs">
              <span className="font-semibold text-brand-900">{mine ? ownLabel : otherLabel}</span>
              <time dateTime={message.createdAt} className="text-ink/60">
                {formatDateTime(message.createdAt)}
              </time>
            </span>
            <span className="whitespace-pre-wrap break-words">{message.message}</span>
          </li>
        );
      })}
    </ol>
  );
}

export interface TicketReplyCopy {
  replyLabel: string;
  replyPlaceholder: string;
  typeMessage: string;
  sending: string;
  send: string;
}

/** The reply box: a blank reply is refused with a toast; the box empties once `onSend` has succeeded. */
export function TicketReplyForm({
  copy,
  pending,
  onSend,
}: {
  copy: TicketReplyCopy;
  pending: boolean;
  onSend: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      showToast({ title: copy.typeMessage, kind: 'destructive' });
      return;
    }
    if (await onSend(text)) setText('');
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className="text-sm font-medium">
        {copy.replyLabel}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={MESSAGE_MAX}
        value={text}
        placeholder={copy.replyPlaceholder}
        onChange={(event) => {
          setText(event.target.value);
        }}
        className={`${inputClass} border-ink/20 py-3`}
      />
      <Button type="submit" busy={pending} className="self-end">
        {pending ? copy.sending : copy.send}
      </Button>
    </form>
  );
}
