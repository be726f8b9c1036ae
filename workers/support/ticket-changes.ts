// Support tickets changing on the server, heard through Realtime (0039 puts them in the publication): a count that
// grows on every insert or update of a ticket the caller may read (row-level security decides: the owner's own,
// every ticket for the admin) and on every rejoin after the first (changes may have been missed while away).
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { Observable } from 'rxjs';

/** Channels opened so far: each subscription gets its own topic (supabase-js hands back a channel of the same name). */
let opened = 0;

/**
 * Starts at 0 once the channel has joined, then counts changes. `filter` narrows the rows (`user_id=eq.…`); the
 * server still only sends what the caller may read. Unsubscribing leaves the channel.
 */
export function ticketChanges(client: SupabaseClient, filter?: string): Observable<number> {
  return new Observable<number>((subscriber) => {
    let changes = 0;
    let joined = false;
    let channel: RealtimeChannel | undefined;
    const unsubscribed = () => subscriber.closed;
    const counted = () => {
      changes += 1;
      subscriber.next(changes);
    };
    void (async () => {
      // The socket joins as the signed-in user, with the session's current token (as the sync's feed does).
      const { data } = await client.auth.getSession();
      if (unsubscribed()) return;
      if (data.session) await client.realtime.setAuth(data.session.access_token);
      if (unsubscribed()) return;
      opened += 1;
      channel = client
        .channel(`caderneta-suporte-${String(opened)}`)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'support_tickets', ...(filter ? { filter } : {}) },
          (payload) => {
            if (payload.table === 'support_tickets') counted();
          },
        )
        .subscribe((status) => {
          if ((status as string) !== 'SUBSCRIBED') return;
          if (joined) counted();
          else {
            joined = true;
            subscriber.next(changes);
          }
        });
    })().catch(() => {
      // No session to join with: nothing is heard, and the reads still follow their other reasons to ask again.
      subscriber.complete();
    });
    return () => {
      if (channel) void client.removeChannel(channel);
    };
  });
}
