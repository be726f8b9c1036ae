// Realtime at /realtime/v1: the Phoenix-channel WebSocket of realtime-js, delivering postgres_changes only
// to subscribers whose row-level security lets them read the changed row.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { asCallerStatement, verifyJwt, type Caller } from '../request-context.ts';
import { json, type StackContext, type StackService } from '../service.ts';
import { CHANGES_CHANNEL, drainChanges, installCapture, quoteIdent, type CapturedChange } from './capture.ts';
import { matchesFilters, parseFilters, type ChangeFilter } from './filters.ts';
import { decodeFrame, encodeFrame, isRecord, type Frame, type Vsn } from './protocol.ts';
import { createTableCatalog } from './table-catalog.ts';

interface Binding {
  id: number;
  event: string;
  schema: string;
  table: string | undefined;
  filter: string | undefined;
  filters: ChangeFilter[];
}

interface Channel {
  topic: string;
  joinRef: string | null;
  caller: Pick<Caller, 'role' | 'claims'>;
  bindings: Binding[];
}

interface Connection {
  socket: WebSocket;
  vsn: Vsn;
  socketCaller: Pick<Caller, 'role' | 'claims'>;
  channels: Map<string, Channel>;
}

let nextBindingId = 1000;

export interface RealtimeService extends StackService {
  start(): Promise<void>;
  close(): Promise<void>;
  /** Connections currently open (diagnostics and tests). */
  connectionCount(): number;
}

export function createRealtimeService(ctx: StackContext): RealtimeService {
  const { db, config } = ctx;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const connections = new Set<Connection>();
  const catalog = createTableCatalog(db);
  let stopListening: (() => Promise<void>) | undefined;
  let draining: Promise<void> = Promise.resolve();
  let drainQueued = false;

  const send = (connection: Connection, frame: Frame) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(encodeFrame(frame, connection.vsn));
  };
  const reply = (connection: Connection, request: Frame, status: 'ok' | 'error', response: Record<string, unknown>) => {
    send(connection, {
      joinRef: request.joinRef,
      ref: request.ref,
      topic: request.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  };
  const system = (
    connection: Connection,
    channel: Channel,
    status: 'ok' | 'error',
    message: string,
    extension = 'postgres_changes',
  ) => {
    send(connection, {
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { extension, status, message, channel: channel.topic.replace(/^realtime:/, '') },
    });
  };
  const closeChannel = (connection: Connection, channel: Channel) => {
    connection.channels.delete(channel.topic);
    send(connection, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'phx_close', payload: {} });
  };

  async function callerFromToken(token: unknown, fallback: Connection['socketCaller']): Promise<Connection['socketCaller']> {
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_')) return fallback;
    const claims = await verifyJwt(token, config.jwtSecret);
    return { role: claims.role, claims };
  }

  async function join(connection: Connection, frame: Frame): Promise<void> {
    const configPayload = isRecord(frame.payload.config) ? frame.payload.config : {};
    const requested = Array.isArray(configPayload.postgres_changes) ? configPayload.postgres_changes : [];
    let caller: Connection['socketCaller'];
    try {
      caller = await callerFromToken(frame.payload.access_token, connection.socketCaller);
    } catch (error) {
      reply(connection, frame, 'error', { reason: error instanceof Error ? error.message : 'invalid token' });
      return;
    }
    const bindings: Binding[] = [];
    try {
      for (const entry of requested) {
        if (!isRecord(entry)) throw new Error('invalid postgres_changes binding');
        const filter = typeof entry.filter === 'string' ? entry.filter : undefined;
        bindings.push({
          id: nextBindingId++,
          event: typeof entry.event === 'string' ? entry.event : '*',
          schema: typeof entry.schema === 'string' ? entry.schema : 'public',
          table: typeof entry.table === 'string' && entry.table !== '*' ? entry.table : undefined,
          filter,
          filters: parseFilters(filter),
        });
      }
    } catch (error) {
      reply(connection, frame, 'error', { reason: error instanceof Error ? error.message : 'invalid binding' });
      return;
    }
    const channel: Channel = { topic: frame.topic, joinRef: frame.joinRef, caller, bindings };
    connection.channels.set(frame.topic, channel);
    reply(connection, frame, 'ok', {
      postgres_changes: requested.map((entry, index) => ({ ...(isRecord(entry) ? entry : {}), id: bindings[index]?.id })),
    });
    if (bindings.length > 0) system(connection, channel, 'ok', 'Subscribed to PostgreSQL');
  }

  async function handleFrame(connection: Connection, frame: Frame): Promise<void> {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') {
      reply(connection, frame, 'ok', {});
      return;
    }
    const channel = connection.channels.get(frame.topic);
    switch (frame.event) {
      case 'phx_join':
        await join(connection, frame);
        return;
      case 'phx_leave':
        connection.channels.delete(frame.topic);
        reply(connection, frame, 'ok', {});
        return;
      case 'access_token':
        if (!channel) return;
        try {
          channel.caller = await callerFromToken(frame.payload.access_token, connection.socketCaller);
        } catch {
          system(connection, channel, 'error', 'Invalid JWT: access token rejected', 'system');
          closeChannel(connection, channel);
        }
        return;
      default:
        // Broadcast and presence are not used by the app; acknowledge so clients do not time out.
        if (frame.ref) reply(connection, frame, 'ok', {});
    }
  }

  function tokenExpired(caller: Channel['caller']): boolean {
    return typeof caller.claims.exp === 'number' && caller.claims.exp * 1000 < Date.now();
  }

  async function canSee(change: CapturedChange, caller: Channel['caller'], primaryKey: readonly string[]): Promise<boolean> {
    if (caller.role === 'service_role') return true;
    if (change.type === 'DELETE') {
      // The row is gone, so its policies cannot be asked: only its owner (or the service) learns of it.
      const owner = change.old_record?.user_id;
      return typeof owner === 'string' && owner === caller.claims.sub;
    }
    const record = change.record ?? {};
    const where = primaryKey.map((column, index) => `${quoteIdent(column)}::text = $${index + 1}`).join(' AND ');
    const values = primaryKey.map((column) => {
      const value = record[column];
      return typeof value === 'string' ? value : JSON.stringify(value);
    });
    const table = `${quoteIdent(change.schema)}.${quoteIdent(change.table)}`;
    return asCallerStatement<{ visible: boolean }>(
      db,
      caller,
      { sql: `SELECT EXISTS (SELECT 1 FROM ${table} WHERE ${where}) AS visible`, params: values },
      { readOnly: true },
    ).then(
      ({ rows }) => rows[0]?.visible === true,
      () => false,
    );
  }

  async function deliver(change: CapturedChange): Promise<void> {
    const table = await catalog.describe(change.schema, change.table);
    const pickKey = (row: Record<string, unknown> | null) =>
      row ? Object.fromEntries(table.primaryKey.map((column) => [column, row[column]])) : null;
    for (const connection of connections) {
      for (const channel of connection.channels.values()) {
        const ids = channel.bindings
          .filter(
            (binding) =>
              binding.schema === change.schema &&
              (binding.table === undefined || binding.table === change.table) &&
              (binding.event === '*' || binding.event.toUpperCase() === change.type) &&
              matchesFilters(binding.filters, change.type === 'DELETE' ? change.old_record : change.record),
          )
          .map((binding) => binding.id);
        if (ids.length === 0) continue;
        if (tokenExpired(channel.caller)) {
          system(connection, channel, 'error', 'Token has expired', 'system');
          closeChannel(connection, channel);
          continue;
        }
        if (!(await canSee(change, channel.caller, table.primaryKey))) continue;
        const data: Record<string, unknown> = {
          schema: change.schema,
          table: change.table,
          commit_timestamp: change.commit_timestamp,
          type: change.type,
          columns: table.columns,
          errors: table.primaryKey.length === 0 ? ['Error 400: Bad Request, no primary key'] : null,
        };
        if (change.type !== 'DELETE') data.record = change.record;
        if (change.type !== 'INSERT') data.old_record = pickKey(change.old_record);
        send(connection, { joinRef: null, ref: null, topic: channel.topic, event: 'postgres_changes', payload: { ids, data } });
      }
    }
  }

  function scheduleDrain(): void {
    if (drainQueued) return;
    drainQueued = true;
    draining = draining.then(async () => {
      drainQueued = false;
      try {
        for (const change of await drainChanges(db)) await deliver(change);
      } catch (error) {
        console.error('[realtime]', error);
      }
    });
  }

  return {
    prefix: '/realtime/v1',
    async start() {
      await installCapture(db);
      stopListening = await db.listen(CHANGES_CHANNEL, scheduleDrain);
      scheduleDrain();
    },
    handle: () => Promise.resolve(json({ message: 'Realtime speaks WebSocket at /realtime/v1/websocket' }, 426)),
    upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== '/realtime/v1/websocket') {
        socket.destroy();
        return;
      }
      const headerKey = request.headers['x-api-key'];
      const apikey = (Array.isArray(headerKey) ? headerKey[0] : headerKey) ?? url.searchParams.get('apikey');
      const vsn: Vsn = url.searchParams.get('vsn')?.startsWith('1.') ? '1.0.0' : '2.0.0';
      void verifyJwt(apikey ?? '', config.jwtSecret).then(
        (claims) => {
          wss.handleUpgrade(request, socket, head, (ws) => {
            const connection: Connection = { socket: ws, vsn, socketCaller: { role: claims.role, claims }, channels: new Map() };
            connections.add(connection);
            let queue = Promise.resolve();
            ws.on('message', (data: Buffer, isBinary) => {
              if (isBinary) return; // broadcast over binary frames is not used by the app
              queue = queue.then(async () => {
                try {
                  await handleFrame(connection, decodeFrame(data.toString(), vsn));
                } catch (error) {
                  console.error('[realtime] bad frame', error instanceof Error ? error.message : error);
                }
              });
            });
            ws.on('close', () => {
              connections.delete(connection);
            });
          });
        },
        () => {
          socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\n\r\n{"message":"Invalid API key"}');
        },
      );
    },
    async close() {
      await stopListening?.();
      for (const connection of connections) connection.socket.terminate();
      connections.clear();
      await draining;
      await new Promise<void>((resolve) => {
        wss.close(() => {
          resolve();
        });
      });
    },
    connectionCount: () => connections.size,
  };
}
