// One Realtime channel per signed-in owner carrying postgres_changes of every replicated table; each row goes
// to its collection's replication, and every (re)subscription triggers a re-sync so nothing missed is lost.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';

export interface RealtimeFeedOptions {
  client: SupabaseClient;
  userId: string;
  tables: readonly string[];
  onRow(table: string, row: Record<string, unknown>): void;
  /** Called on every successful (re)join: events may have been missed while the channel was down. */
  onSubscribed(): void;
  onStatus?(status: string): void;
}

export interface RealtimeFeed {
  close(): Promise<void>;
}

export function openRealtimeFeed(options: RealtimeFeedOptions): RealtimeFeed {
  const { client, userId } = options;
  let channel: RealtimeChannel = client.channel(`caderneta-sync-${userId}`);
  for (const table of options.tables) {
    channel = channel.on(
      'postgres_changes',
      { event: '*', schema: 'public', table, filter: `user_id=eq.${userId}` },
      (payload) => {
        // realtime-js hands an event to every binding of a channel whose join reply it has not read yet:
        // only this table's rows belong to this table's collection.
        if (payload.table !== table || payload.schema !== 'public') return;
        // Soft deletes arrive as updates; a hard delete carries no row to apply.
        if (payload.eventType === 'DELETE') return;
        options.onRow(table, payload.new);
      },
    );
  }
  channel.subscribe((status) => {
    options.onStatus?.(status);
    if ((status as string) === 'SUBSCRIBED') options.onSubscribed();
  });
  return {
    async close() {
      await client.removeChannel(channel);
    },
  };
}
