// The notifications domain on a real local database (RxDB memory): newest 50, live unread count, mark and delete.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, BehaviorSubject, filter } from 'rxjs';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { openLocalDatabase, type LocalDatabase } from '../../workers/db/local-database.ts';
import type { Workspace, WorkspaceHolder } from '../../workers/db/workspace.ts';
import { createNotificationsDomain, newestFirst } from '../../workers/notifications/handlers.ts';
import { createHybridClock } from '../../workers/sync/hlc.ts';

const opened: LocalDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function setUp() {
  const userId = randomUUID();
  const database = await openLocalDatabase({
    userId,
    storage: getRxStorageMemory(),
    multiInstance: false,
    namePrefix: `notif-${randomUUID().slice(0, 8)}`,
  });
  opened.push(database);
  const workspace = {
    userId,
    database,
    now: () => Date.now(),
    clock: createHybridClock({ node: 'teste' }),
  } as unknown as Workspace;
  const holder: WorkspaceHolder = {
    workspace$: new BehaviorSubject<Workspace | null>(workspace),
    current: () => Promise.resolve(workspace),
    close: () => Promise.resolve(),
  };
  const add = async (mensagem: string, minutesAgo: number, lido = false) => {
    const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const id = randomUUID();
    await database.notificacoes.insert({
      id,
      user_id: userId,
      tipo: 'estoque_baixo',
      mensagem,
      lido,
      referencia_id: null,
      created_at: at,
      updated_at: at,
    });
    return id;
  };
  return { domain: createNotificationsDomain(holder), add };
}

describe('notifications domain', () => {
  it('lists newest first, at most 50', () => {
    const rows = Array.from({ length: 60 }, (_, index) => ({
      id: String(index),
      tipo: 'x',
      mensagem: `m${index}`,
      lido: false,
      created_at: new Date(2026, 0, 1, 0, index).toISOString(),
    }));
    const list = newestFirst(rows);
    expect(list).toHaveLength(50);
    expect(list[0]?.mensagem).toBe('m59');
  });

  it('counts unread live, marks one and all as read, and deletes', async () => {
    const { domain, add } = await setUp();
    const first = await add('Arroz acabando', 10);
    await add('Feijão acabando', 5);
    await add('Lida', 20, true);
    const unread = (value: number) =>
      firstValueFrom(domain.live.unreadNotifications(undefined).pipe(filter((count) => count === value)));
    await unread(2);
    const list = await firstValueFrom(domain.live.notifications(undefined));
    expect(list.map((item) => item.mensagem)).toEqual(['Feijão acabando', 'Arroz acabando', 'Lida']);

    await domain.handlers.markRead(first);
    await unread(1);
    await domain.handlers.markAllRead();
    await unread(0);
    await domain.handlers.remove(first);
    const after = await firstValueFrom(domain.live.notifications(undefined).pipe(filter((items) => items.length === 2)));
    expect(after.map((item) => item.mensagem)).toEqual(['Feijão acabando', 'Lida']);
  });
});
