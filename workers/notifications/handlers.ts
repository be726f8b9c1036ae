// The notifications domain: the owner's 50 newest notices from the local copy (readable offline), the live
// unread count, and marking read or deleting, which sync to the server like any other change.
import { map, type Observable } from 'rxjs';
import { patchOwned, softRemove } from '../db/records.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';

export const NOTIFICATION_LIST_LIMIT = 50;

export interface NotificationItem {
  readonly id: string;
  readonly tipo: string;
  readonly mensagem: string;
  readonly lido: boolean;
  readonly referencia_id: string | null;
  readonly created_at: string;
}

interface NotificationRow {
  id: string;
  tipo: string;
  mensagem: string;
  lido: boolean;
  referencia_id?: string | null;
  created_at: string;
}

export function newestFirst(rows: readonly NotificationRow[], limit = NOTIFICATION_LIST_LIMIT): NotificationItem[] {
  return [...rows]
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1))
    .slice(0, limit)
    .map((row) => ({
      id: row.id,
      tipo: row.tipo,
      mensagem: row.mensagem,
      lido: row.lido,
      referencia_id: row.referencia_id ?? null,
      created_at: row.created_at,
    }));
}

export function createNotificationsDomain(holder: WorkspaceHolder) {
  const rows$ = (workspace: Workspace): Observable<NotificationRow[]> =>
    workspace.database.notificacoes.find().$.pipe(map((docs) => docs.map((doc) => doc.toJSON() as NotificationRow)));

  const markRead = async (workspace: Workspace, ids: readonly string[]): Promise<void> => {
    const docs = await workspace.database.notificacoes.findByIds([...ids]).exec();
    for (const doc of docs.values()) {
      if (!(doc.toJSON() as NotificationRow).lido) await patchOwned(workspace, 'notificacoes', doc.primary, { lido: true });
    }
  };

  return {
    handlers: {
      async markRead(id: string): Promise<void> {
        await markRead(await holder.current(), [id]);
      },
      async markAllRead(): Promise<void> {
        const workspace = await holder.current();
        const unread = await workspace.database.notificacoes.find({ selector: { lido: false } }).exec();
        await markRead(
          workspace,
          unread.map((doc) => doc.primary),
        );
      },
      async remove(id: string): Promise<void> {
        await softRemove(await holder.current(), 'notificacoes', id);
      },
    },
    live: {
      notifications: (_params: undefined): Observable<NotificationItem[]> =>
        liveInWorkspace(holder, { value: [] }, (workspace) => rows$(workspace).pipe(map((rows) => newestFirst(rows)))),
      unreadNotifications: (_params: undefined): Observable<number> =>
        liveInWorkspace(holder, { value: 0 }, (workspace) =>
          rows$(workspace).pipe(map((rows) => rows.filter((row) => !row.lido).length)),
        ),
    },
  };
}
