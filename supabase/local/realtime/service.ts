// Realtime at /realtime/v1: the Phoenix-channel WebSocket of realtime-js, delivering postgres_changes only
// to subscribers whose row-level security lets them read the changed row, broadcast between clients (over the
// socket and POST /api/broadcast) and presence; private channels are authorised by RLS on realtime.messages.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { identifyCaller, verifyJwt, type Caller } from '../request-context.ts';
import { parseJsonText, readBodyText } from '../request-body.ts';
import { ensureRealtimeSchema, PUBLIC_PERMISSIONS, topicPermissions, type TopicPermissions } from './authorization.ts';
import { presenceDiff, presenceEntry, presenceState, type PresenceEntry } from './presence.ts';
import { json, type StackContext, type StackService } from '../service.ts';
import { CHANGES_CHANNEL, drainChanges, installCapture, type CapturedChange } from './capture.ts';
import { FilterError, isPattern, matchesPatterns, matchesPlainFilters, parseFilters, type ChangeFilter } from './filters.ts';
import { createHoldings, userOf } from './holdings.ts';
import { createJoinRate, REFUSALS, SOCKET_LIMITS, TENANT_LIMITS, type JoinRate, type RealtimeLimits } from './limits.ts';
import { decodeBinaryPush, decodeFrame, encodeBinaryBroadcast, encodeFrame, isRecord, type Frame, type Vsn } from './protocol.ts';
import { createTableCatalog, type TableShape } from './table-catalog.ts';
import { rowKey, visibleRows } from './visibility.ts';

interface Binding {
  id: number;
  event: string;
  schema: string;
  table: string | undefined;
  filter: string | undefined;
  filters: ChangeFilter[];
  /** Whether some condition is a pattern, evaluated only once the row is known to be readable. */
  patterns: boolean;
}

interface Channel {
  topic: string;
  joinRef: string | null;
  caller: Pick<Caller, 'role' | 'claims'>;
  bindings: Binding[];
  /** Private channels and public ones of the same name do not hear each other. */
  private: boolean;
  /** The sender hears its own broadcasts (`broadcast.self`). */
  self: boolean;
  /** Broadcasts are acknowledged (`broadcast.ack`); without it they are not answered. */
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  permissions: TopicPermissions;
  /** What this channel tracks in presence. */
  tracked: PresenceEntry | null;
}

/** Largest body POST /api/broadcast takes. */
const MAX_BROADCAST_BODY_BYTES = 1024 * 1024;

/** The channel's name as Realtime's policies see it: the topic without `realtime:`. */
function subTopicOf(topic: string): string {
  return topic.replace(/^realtime:/, '');
}

interface Connection {
  socket: WebSocket;
  /** The caller's address, as the front door resolved it. */
  ip: string;
  vsn: Vsn;
  socketCaller: Pick<Caller, 'role' | 'claims'>;
  channels: Map<string, Channel>;
  joins: JoinRate;
}

let nextBindingId = 1000;

/** The primary key columns of a row (what Realtime reports as `old_record` without REPLICA IDENTITY FULL). */
function pickKey(shape: TableShape, row: Record<string, unknown> | null): Record<string, unknown> | null {
  return row ? Object.fromEntries(shape.primaryKey.map((column) => [column, row[column]])) : null;
}

/** The address the front door resolved (it rewrites X-Real-IP), or the peer's when reached without it. */
function clientAddress(request: IncomingMessage): string {
  const header = request.headers['x-real-ip'];
  return (Array.isArray(header) ? header[0] : header) ?? request.socket.remoteAddress ?? '';
}

/** The blocked addresses as the front door reads them (blocked-ips.ts). */
export interface BlockedAddresses {
  latest(): { match(ip: string): unknown };
  /** Called with every list read, the first one to hold a new block included. */
  onRead(listener: (list: { match(ip: string): unknown }) => void): void;
}

export interface RealtimeOptions {
  limits?: Partial<RealtimeLimits>;
  /** Sockets from an address blocked after they opened are closed (the upgrade of new ones is refused before). */
  blockedIps?: BlockedAddresses;
  /** The clock of the join rate (tests freeze it). */
  now?: () => number;
}

export interface RealtimeService extends StackService {
  start(): Promise<void>;
  close(): Promise<void>;
  /** Connections currently open (diagnostics and tests). */
  connectionCount(): number;
}

export function createRealtimeService(ctx: StackContext, options: RealtimeOptions = {}): RealtimeService {
  const { db, config } = ctx;
  const limits: RealtimeLimits = { ...SOCKET_LIMITS, ...TENANT_LIMITS, ...options.limits };
  const now = options.now ?? Date.now;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const connections = new Set<Connection>();
  const holdings = createHoldings(limits);
  const catalog = createTableCatalog(db);
  let stopListening: (() => Promise<void>) | undefined;
  let draining: Promise<void> = Promise.resolve();
  let drainQueued = false;
  let closed = false;

  /** Ends a socket whose address is now blocked: nothing more is read from it or delivered to it. */
  const closeIfBlocked = (connection: Connection, list: { match(ip: string): unknown }) => {
    if (!list.match(connection.ip)) return;
    connections.delete(connection);
    dropAll(connection);
    holdings.remove(connection);
    connection.socket.close(1008, 'ip_address_blocked');
  };
  options.blockedIps?.onRead((list) => {
    for (const connection of connections) closeIfBlocked(connection, list);
  });

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
    dropChannel(connection, channel);
    holdings.update(connection);
    send(connection, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'phx_close', payload: {} });
  };

  /** Every open channel that hears `topic` in the given privacy. */
  function channelsOn(topic: string, isPrivate: boolean): { connection: Connection; channel: Channel }[] {
    const found: { connection: Connection; channel: Channel }[] = [];
    for (const connection of connections) {
      const channel = connection.channels.get(topic);
      if (channel && channel.private === isPrivate) found.push({ connection, channel });
    }
    return found;
  }

  /** Tells the topic's presence listeners what joined and left. */
  function sendPresenceDiff(topic: string, isPrivate: boolean, joins: PresenceEntry[], leaves: PresenceEntry[]): void {
    if (joins.length === 0 && leaves.length === 0) return;
    const payload = presenceDiff(joins, leaves);
    for (const { connection, channel } of channelsOn(topic, isPrivate)) {
      if (!channel.presenceEnabled || !channel.permissions.read.presence) continue;
      send(connection, { joinRef: channel.joinRef, ref: null, topic, event: 'presence_diff', payload });
    }
  }

  /** Removes a channel from its connection; whatever it tracked leaves the topic's presence. */
  function dropChannel(connection: Connection, channel: Channel): void {
    if (connection.channels.get(channel.topic) === channel) connection.channels.delete(channel.topic);
    if (channel.tracked) {
      const left = channel.tracked;
      channel.tracked = null;
      sendPresenceDiff(channel.topic, channel.private, [], [left]);
    }
  }

  function dropAll(connection: Connection): void {
    for (const channel of [...connection.channels.values()]) dropChannel(connection, channel);
  }

  /**
   * Sends a broadcast to every channel of the topic allowed to read it, the sender's own only with `self`;
   * a raw payload goes as a binary frame (vsn 2.0.0 clients only).
   */
  function fanOut(topic: string, isPrivate: boolean, message: Record<string, unknown>, sender: Channel | null): void {
    const payload = message.payload;
    const event = typeof message.event === 'string' ? message.event : '';
    for (const { connection, channel } of channelsOn(topic, isPrivate)) {
      if (channel === sender && !channel.self) continue;
      if (!channel.permissions.read.broadcast) continue;
      if (Buffer.isBuffer(payload)) {
        if (connection.vsn === '2.0.0' && connection.socket.readyState === connection.socket.OPEN) {
          connection.socket.send(encodeBinaryBroadcast(topic, event, payload));
        }
        continue;
      }
      send(connection, {
        joinRef: null,
        ref: null,
        topic,
        event: 'broadcast',
        payload: { type: 'broadcast', event, payload: payload ?? {} },
      });
    }
  }

  /** A broadcast pushed on a joined channel: delivered when the channel may write, acknowledged when asked. */
  function broadcastFromSocket(connection: Connection, channel: Channel, frame: Frame): void {
    if (channel.permissions.write.broadcast) fanOut(channel.topic, channel.private, frame.payload, channel);
    if (channel.ack && frame.ref) reply(connection, frame, 'ok', {});
  }

  /** track / untrack pushed on a joined channel. */
  function presenceFromSocket(connection: Connection, channel: Channel, frame: Frame): void {
    const event = frame.payload.event;
    if (!channel.permissions.write.presence) {
      reply(connection, frame, 'error', { reason: 'You do not have permissions to track presence on this channel' });
      return;
    }
    if (event === 'track') {
      const meta = isRecord(frame.payload.payload) ? frame.payload.payload : {};
      const left = channel.tracked;
      const joined = presenceEntry(channel.presenceKey, meta);
      channel.tracked = joined;
      channel.presenceEnabled = true;
      sendPresenceDiff(channel.topic, channel.private, [joined], left ? [left] : []);
      reply(connection, frame, 'ok', {});
      return;
    }
    if (event === 'untrack') {
      const left = channel.tracked;
      channel.tracked = null;
      sendPresenceDiff(channel.topic, channel.private, [], left ? [left] : []);
      reply(connection, frame, 'ok', {});
      return;
    }
    reply(connection, frame, 'error', { reason: 'unknown presence event' });
  }

  async function callerFromToken(token: unknown, fallback: Connection['socketCaller']): Promise<Connection['socketCaller']> {
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_')) return fallback;
    const claims = await verifyJwt(token, config.jwtSecret);
    return { role: claims.role, claims };
  }

  /** Refuses a join over the socket's limits (Realtime checks the join rate first, then the channel count). */
  function joinRefusal(connection: Connection, topic: string, requested: readonly unknown[]): string | null {
    if (!connection.joins.allow()) return REFUSALS.tooManyJoins;
    const others = [...connection.channels.values()].filter((channel) => channel.topic !== topic);
    if (others.length >= limits.maxChannels) return REFUSALS.tooManyChannels;
    const elsewhere = others.reduce((sum, channel) => sum + channel.bindings.length, 0);
    if (requested.length > limits.maxBindingsPerChannel || elsewhere + requested.length > limits.maxBindingsPerSocket) {
      return REFUSALS.tooManyBindings;
    }
    return null;
  }

  /** The bindings of a join, or Realtime's reason to refuse them. */
  function parseBindings(requested: readonly unknown[]): Binding[] | string {
    const bindings: Binding[] = [];
    try {
      for (const entry of requested) {
        if (!isRecord(entry)) return 'invalid postgres_changes binding';
        const filter = typeof entry.filter === 'string' ? entry.filter : undefined;
        const filters = parseFilters(filter, limits.filters);
        bindings.push({
          id: nextBindingId++,
          event: typeof entry.event === 'string' ? entry.event : '*',
          schema: typeof entry.schema === 'string' ? entry.schema : 'public',
          table: typeof entry.table === 'string' && entry.table !== '*' ? entry.table : undefined,
          filter,
          filters,
          patterns: filters.some(isPattern),
        });
      }
    } catch (error) {
      if (error instanceof FilterError) return `Error parsing \`filter\` params: ${error.message}`;
      throw error;
    }
    return bindings;
  }

  async function join(connection: Connection, frame: Frame): Promise<void> {
    const configPayload = isRecord(frame.payload.config) ? frame.payload.config : {};
    const requested: unknown[] = Array.isArray(configPayload.postgres_changes) ? configPayload.postgres_changes : [];
    const refusal = joinRefusal(connection, frame.topic, requested);
    if (refusal) {
      reply(connection, frame, 'error', { reason: refusal });
      // Realtime disconnects a socket that joins too fast.
      if (refusal === REFUSALS.tooManyJoins) connection.socket.close(1000, 'too many joins');
      return;
    }
    let caller: Connection['socketCaller'];
    try {
      caller = await callerFromToken(frame.payload.access_token, connection.socketCaller);
    } catch (error) {
      reply(connection, frame, 'error', { reason: error instanceof Error ? error.message : 'invalid token' });
      return;
    }
    // What the user and the address hold over all their sockets (Realtime's tenant limits, per user and address).
    const overLimit = holdings.refusal(connection, frame.topic, userOf({ caller }), requested.length);
    if (overLimit) {
      reply(connection, frame, 'error', { reason: overLimit });
      return;
    }
    const bindings = parseBindings(requested);
    if (typeof bindings === 'string') {
      reply(connection, frame, 'error', { reason: bindings });
      return;
    }
    const broadcastConfig = isRecord(configPayload.broadcast) ? configPayload.broadcast : {};
    const presenceConfig = isRecord(configPayload.presence) ? configPayload.presence : {};
    const isPrivate = configPayload.private === true;
    const permissions = isPrivate ? await topicPermissions(db, caller, subTopicOf(frame.topic)) : PUBLIC_PERMISSIONS;
    if (isPrivate && !permissions.read.broadcast && !permissions.read.presence) {
      reply(connection, frame, 'error', {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopicOf(frame.topic)}`,
      });
      return;
    }
    const previous = connection.channels.get(frame.topic);
    if (previous) dropChannel(connection, previous);
    const channel: Channel = {
      topic: frame.topic,
      joinRef: frame.joinRef,
      caller,
      bindings,
      private: isPrivate,
      self: broadcastConfig.self === true,
      ack: broadcastConfig.ack === true,
      presenceKey: typeof presenceConfig.key === 'string' && presenceConfig.key !== '' ? presenceConfig.key : randomUUID(),
      presenceEnabled: presenceConfig.enabled === true,
      permissions,
      tracked: null,
    };
    connection.channels.set(frame.topic, channel);
    holdings.update(connection);
    reply(connection, frame, 'ok', {
      postgres_changes: requested.map((entry, index) => ({ ...(isRecord(entry) ? entry : {}), id: bindings[index]?.id })),
    });
    if (bindings.length > 0) system(connection, channel, 'ok', 'Subscribed to PostgreSQL');
    if (channel.presenceEnabled && permissions.read.presence) {
      const entries = channelsOn(frame.topic, isPrivate).flatMap(({ channel: other }) => (other.tracked ? [other.tracked] : []));
      send(connection, {
        joinRef: channel.joinRef,
        ref: null,
        topic: frame.topic,
        event: 'presence_state',
        payload: presenceState(entries),
      });
    }
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
        if (channel) dropChannel(connection, channel);
        holdings.update(connection);
        reply(connection, frame, 'ok', {});
        return;
      case 'access_token': {
        if (!channel) return;
        let caller: Channel['caller'];
        try {
          caller = await callerFromToken(frame.payload.access_token, connection.socketCaller);
        } catch {
          system(connection, channel, 'error', 'Invalid JWT: access token rejected', 'system');
          closeChannel(connection, channel);
          return;
        }
        // A token of another user moves the channel to that user's account of the tenant limits.
        const user = userOf({ caller });
        const overLimit =
          user === userOf(channel) ? null : holdings.refusal(connection, channel.topic, user, channel.bindings.length);
        if (overLimit) {
          system(connection, channel, 'error', overLimit, 'system');
          closeChannel(connection, channel);
          return;
        }
        channel.caller = caller;
        holdings.update(connection);
        return;
      }
      case 'broadcast':
        if (channel) broadcastFromSocket(connection, channel, frame);
        return;
      case 'presence':
        if (channel) presenceFromSocket(connection, channel, frame);
        return;
      default:
        if (frame.ref) reply(connection, frame, 'ok', {});
    }
  }

  function tokenExpired(caller: Channel['caller']): boolean {
    return typeof caller.claims.exp === 'number' && caller.claims.exp * 1000 < Date.now();
  }

  /** A deletion cannot be asked of the row's policies (it is gone): only its owner or the service learns of it. */
  function mayLearnOfDeletion(change: CapturedChange, caller: Channel['caller']): boolean {
    const owner = change.old_record?.user_id;
    return typeof owner === 'string' && owner === caller.claims.sub;
  }

  /** The row a binding's filter is asked about: the old one for a deletion. */
  function rowOf(change: CapturedChange): Record<string, unknown> | null {
    return change.type === 'DELETE' ? change.old_record : change.record;
  }

  /**
   * Sends a drained batch: the comparison filters pick candidate bindings, RLS is asked once per caller for the
   * whole batch, and only then are LIKE patterns paid for (on rows the subscriber may read); frames leave in order.
   */
  async function deliver(changes: readonly CapturedChange[]): Promise<void> {
    if (changes.length === 0 || connections.size === 0) return;
    const shaped: { change: CapturedChange; shape: TableShape }[] = [];
    for (const change of changes) shaped.push({ change, shape: await catalog.describe(change.schema, change.table) });

    // Which bindings of which channel each change may match (comparisons only, no database, no pattern yet).
    interface Target {
      connection: Connection;
      channel: Channel;
      matches: { index: number; bindings: Binding[] }[];
    }
    const targets: Target[] = [];
    for (const connection of connections) {
      for (const channel of [...connection.channels.values()]) {
        const matches: Target['matches'] = [];
        shaped.forEach(({ change }, index) => {
          const row = rowOf(change);
          const bindings = channel.bindings.filter(
            (binding) =>
              binding.schema === change.schema &&
              (binding.table === undefined || binding.table === change.table) &&
              (binding.event === '*' || binding.event.toUpperCase() === change.type) &&
              matchesPlainFilters(binding.filters, row),
          );
          if (bindings.length > 0) matches.push({ index, bindings });
        });
        if (matches.length === 0) continue;
        if (tokenExpired(channel.caller)) {
          system(connection, channel, 'error', 'Token has expired', 'system');
          closeChannel(connection, channel);
          continue;
        }
        targets.push({ connection, channel, matches });
      }
    }

    // One visibility query per distinct caller (devices of one owner usually share it).
    const callerKey = (caller: Channel['caller']) => `${caller.role}\u0000${JSON.stringify(caller.claims)}`;
    const asked = new Map<string, { caller: Channel['caller']; indexes: Set<number> }>();
    for (const { channel, matches } of targets) {
      if (channel.caller.role === 'service_role') continue;
      const key = callerKey(channel.caller);
      const entry = asked.get(key) ?? { caller: channel.caller, indexes: new Set<number>() };
      for (const { index } of matches) entry.indexes.add(index);
      asked.set(key, entry);
    }
    const visibleByCaller = new Map<string, Set<string>>();
    for (const [key, { caller, indexes }] of asked) {
      if (closed) return;
      const wanted = [...indexes].sort((a, b) => a - b).flatMap((index) => shaped.slice(index, index + 1));
      visibleByCaller.set(key, await visibleRows(db, caller, wanted));
    }

    // What each subscriber may read: only those rows pay for pattern filters.
    const readable = (channel: Channel, change: CapturedChange, shape: TableShape): boolean => {
      if (channel.caller.role === 'service_role') return true;
      if (change.type === 'DELETE') return mayLearnOfDeletion(change, channel.caller);
      return visibleByCaller.get(callerKey(channel.caller))?.has(rowKey(change, shape)) === true;
    };
    const allowed = targets.map(({ connection, channel, matches }) => ({
      connection,
      channel,
      rows: matches.filter(({ index }) => {
        const entry = shaped[index];
        return entry !== undefined && readable(channel, entry.change, entry.shape);
      }),
    }));

    for (const { connection, channel, rows } of allowed) {
      if (closed) return;
      // Left (or joined again under the same topic) while RLS was asked: the client would hand these rows to
      // a channel whose bindings no longer match them.
      if (connection.channels.get(channel.topic) !== channel) continue;
      for (const { index, bindings } of rows) {
        const entry = shaped[index];
        if (!entry) continue;
        const { change, shape } = entry;
        const row = rowOf(change);
        const ids = bindings
          .filter((binding) => !binding.patterns || (row !== null && matchesPatterns(binding.filters, row)))
          .map((binding) => binding.id);
        if (ids.length === 0) continue;
        const data: Record<string, unknown> = {
          schema: change.schema,
          table: change.table,
          commit_timestamp: change.commit_timestamp,
          type: change.type,
          columns: shape.columns,
          errors: shape.primaryKey.length === 0 ? ['Error 400: Bad Request, no primary key'] : null,
        };
        if (change.type !== 'DELETE') data.record = change.record;
        if (change.type !== 'INSERT') data.old_record = pickKey(shape, change.old_record);
        send(connection, { joinRef: null, ref: null, topic: channel.topic, event: 'postgres_changes', payload: { ids, data } });
      }
    }
  }

  function scheduleDrain(): void {
    if (drainQueued || closed) return;
    drainQueued = true;
    draining = draining.then(async () => {
      drainQueued = false;
      try {
        if (closed) return;
        await deliver(await drainChanges(db));
      } catch (error) {
        console.error('[realtime]', error);
      }
    });
  }

  /**
   * POST /api/broadcast (`{messages: [{topic, event, payload, private}]}`) and POST
   * /api/broadcast/:topic/events/:event (the body is the payload): answered 202 once delivered; a private
   * topic takes only messages its policies let the caller write.
   */
  async function httpBroadcast(request: Request, path: string): Promise<Response> {
    if (request.method !== 'POST') return json({ message: 'Method not allowed' }, 405);
    const caller = await identifyCaller(request, config);
    const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(path);
    const messages: Record<string, unknown>[] = [];
    if (single) {
      const text = await readBodyText(request, MAX_BROADCAST_BODY_BYTES);
      messages.push({
        topic: decodeURIComponent(single[1] ?? ''),
        event: decodeURIComponent(single[2] ?? ''),
        payload: parseJsonText(text),
        private: new URL(request.url).searchParams.get('private') === 'true',
      });
    } else {
      const body = parseJsonText(await readBodyText(request, MAX_BROADCAST_BODY_BYTES));
      const list = isRecord(body) && Array.isArray(body.messages) ? body.messages : null;
      if (!list || !list.every(isRecord)) return json({ message: 'messages must be a list of {topic, event, payload}' }, 400);
      messages.push(...list);
    }
    for (const message of messages) {
      if (typeof message.topic !== 'string' || typeof message.event !== 'string') {
        return json({ message: 'each message needs a topic and an event' }, 400);
      }
    }
    for (const message of messages) {
      const subTopic = String(message.topic);
      const isPrivate = message.private === true;
      if (isPrivate && !(await topicPermissions(db, caller, subTopic)).write.broadcast) continue;
      fanOut(`realtime:${subTopic}`, isPrivate, { event: message.event, payload: message.payload }, null);
    }
    return new Response(null, { status: 202 });
  }

  return {
    prefix: '/realtime/v1',
    async start() {
      await ensureRealtimeSchema(db);
      await installCapture(db);
      stopListening = await db.listen(CHANGES_CHANNEL, scheduleDrain);
      scheduleDrain();
    },
    async handle(request, info) {
      if (info.path === '/api/broadcast' || info.path.startsWith('/api/broadcast/')) {
        try {
          return await httpBroadcast(request, info.path);
        } catch (error) {
          const status =
            typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
              ? error.status
              : 400;
          return json({ message: error instanceof Error ? error.message : 'bad request' }, status);
        }
      }
      return json({ message: 'Realtime speaks WebSocket at /realtime/v1/websocket' }, 426);
    },
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
          if (closed) {
            socket.destroy();
            return;
          }
          wss.handleUpgrade(request, socket, head, (ws) => {
            const connection: Connection = {
              socket: ws,
              ip: clientAddress(request),
              vsn,
              socketCaller: { role: claims.role, claims },
              channels: new Map(),
              joins: createJoinRate(limits.maxJoinsPerSecond, now),
            };
            connections.add(connection);
            // A device gone without closing (its network dropped) sends no heartbeat: its socket, and the tenant
            // limits it counts for, are freed after the idle timeout.
            const idle = setTimeout(() => {
              ws.terminate();
            }, limits.idleTimeoutMs);
            idle.unref();
            let queue = Promise.resolve();
            ws.on('message', (data: Buffer, isBinary) => {
              idle.refresh();
              queue = queue.then(async () => {
                if (!connections.has(connection)) return; // closed by the stack, the client not yet gone
                try {
                  await handleFrame(connection, isBinary ? decodeBinaryPush(data) : decodeFrame(data.toString(), vsn));
                } catch (error) {
                  console.error('[realtime] bad frame', error instanceof Error ? error.message : error);
                }
              });
            });
            ws.on('close', () => {
              clearTimeout(idle);
              connections.delete(connection);
              dropAll(connection);
              holdings.remove(connection);
            });
            // Blocked while its upgrade was under way.
            if (options.blockedIps) closeIfBlocked(connection, options.blockedIps.latest());
          });
        },
        () => {
          socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\n\r\n{"message":"Invalid API key"}');
        },
      );
    },
    async close() {
      // No new drain, and a delivery in progress stops at its next step: with nobody left to tell, a long
      // queue (a big push just committed) must not hold the close up, nor its queries the database.
      closed = true;
      const stopped = new Promise<void>((resolve) => {
        wss.close(() => {
          resolve();
        });
      });
      for (const connection of connections) connection.socket.terminate();
      for (const client of wss.clients) client.terminate();
      connections.clear();
      await stopped;
      await stopListening?.();
      await draining;
    },
    connectionCount: () => connections.size,
  };
}
