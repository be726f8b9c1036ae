// A loopback proxy in front of the stack that can lose responses (the request reaches the server, the
// answer never reaches the device), hold requests or their answers until released, and tells the statuses it
// passed on and the bodies it was sent; WebSocket upgrades pass straight through.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FaultProxy {
  url: string;
  /** Loses the response of the next `count` requests whose path contains `pathPart`. */
  loseResponses(pathPart: string, count: number): void;
  /**
   * Answers 503 to the next `count` requests whose path contains `pathPart` (and whose body `matches`, when given),
   * without passing them on.
   */
  refuse(pathPart: string, count: number, matches?: (body: string) => boolean): void;
  /** Holds the requests whose path contains `pathPart` and whose body `matches`, until released. */
  hold(pathPart: string, matches: (body: string) => boolean): HeldRequests;
  /**
   * Passes on the requests whose path contains `pathPart` and whose body `matches`, and holds their answers (the
   * server did the work; the device waits) until released.
   */
  holdAnswers(pathPart: string, matches: (body: string) => boolean): HeldRequests;
  /** Passes on everything held and lifts every hold, refusal and loss still set (a test's faults end with it). */
  clearFaults(): void;
  /** The bodies of the requests received so far whose path contains `pathPart`, in order. */
  bodies(pathPart: string): string[];
  /** How many responses were lost so far. */
  lost(): number;
  /** The statuses of the responses passed on so far for requests whose path contains `pathPart`, in order. */
  statuses(pathPart: string): number[];
  close(): Promise<void>;
}

export interface HeldRequests {
  /** How many requests are held now. */
  held(): number;
  /** Passes on the requests held, and every later one. */
  release(): void;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const rules: { pathPart: string; remaining: number }[] = [];
  const refusals: { pathPart: string; remaining: number; matches: (body: string) => boolean }[] = [];
  const sockets = new Set<Socket>();
  let lostCount = 0;
  const passedOn: { path: string; status: number }[] = [];
  const received: { path: string; body: string }[] = [];
  const holds: { pathPart: string; matches: (body: string) => boolean; open: boolean; waiting: (() => void)[] }[] = [];
  const answerHolds: typeof holds = [];
  /** Adds a hold to `list` (requests or answers); released, it passes on what it held and every later one. */
  function holdIn(list: typeof holds, pathPart: string, matches: (body: string) => boolean): HeldRequests {
    const holding = { pathPart, matches, open: false, waiting: [] as (() => void)[] };
    list.push(holding);
    return {
      held: () => holding.waiting.length,
      release() {
        holding.open = true;
        for (const pass of holding.waiting.splice(0)) pass();
      },
    };
  }
  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = incoming.url ?? '';
      received.push({ path, body: body.toString('utf8') });
      const holding = holds.find(
        (candidate) => !candidate.open && path.includes(candidate.pathPart) && candidate.matches(body.toString('utf8')),
      );
      const answerHolding = answerHolds.find(
        (candidate) => !candidate.open && path.includes(candidate.pathPart) && candidate.matches(body.toString('utf8')),
      );
      if (holding)
        holding.waiting.push(() => {
          forward(incoming, outgoing, body);
        });
      else forward(incoming, outgoing, body, answerHolding);
    });
  });
  function forward(
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    body: Buffer,
    answerHolding?: (typeof answerHolds)[number],
  ): void {
    const refusal = refusals.find(
      (candidate) =>
        candidate.remaining > 0 && (incoming.url ?? '').includes(candidate.pathPart) && candidate.matches(body.toString('utf8')),
    );
    if (refusal) {
      refusal.remaining--;
      outgoing.writeHead(503, { 'content-type': 'application/json' });
      outgoing.end('{"message":"indisponível"}');
      return;
    }
    const rule = rules.find((candidate) => candidate.remaining > 0 && (incoming.url ?? '').includes(candidate.pathPart));
    if (rule) rule.remaining--;
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (response) => {
        if (rule) {
          // The server did the work; the device never hears of it.
          response.resume();
          response.on('end', () => {
            lostCount++;
            incoming.socket.destroy();
          });
          return;
        }
        passedOn.push({ path: incoming.url ?? '', status: response.statusCode ?? 502 });
        if (answerHolding) {
          const answer: Buffer[] = [];
          response.on('data', (chunk: Buffer) => answer.push(chunk));
          response.on('end', () => {
            const pass = () => {
              outgoing.writeHead(response.statusCode ?? 502, response.headers);
              outgoing.end(Buffer.concat(answer));
            };
            if (answerHolding.open) pass();
            else answerHolding.waiting.push(pass);
          });
          return;
        }
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    forwarded.on('error', () => incoming.socket.destroy());
    forwarded.end(body);
  }
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
    });
  });
  server.on('upgrade', (incoming: IncomingMessage, socket: Socket, head: Buffer) => {
    const remote = connect(Number(upstream.port), upstream.hostname, () => {
      const headers = Object.entries(incoming.headers)
        .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : (value ?? '')}`)
        .join('\r\n');
      remote.write(`${incoming.method ?? 'GET'} ${incoming.url ?? '/'} HTTP/1.1\r\n${headers}\r\n\r\n`);
      if (head.length > 0) remote.write(head);
      remote.pipe(socket);
      socket.pipe(remote);
    });
    remote.on('error', () => socket.destroy());
    socket.on('error', () => remote.destroy());
    sockets.add(remote);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    loseResponses(pathPart, count) {
      rules.push({ pathPart, remaining: count });
    },
    refuse(pathPart, count, matches = () => true) {
      refusals.push({ pathPart, remaining: count, matches });
    },
    clearFaults() {
      for (const holding of [...holds.splice(0), ...answerHolds.splice(0)]) {
        holding.open = true;
        for (const pass of holding.waiting.splice(0)) pass();
      }
      refusals.splice(0);
      rules.splice(0);
    },
    hold: (pathPart, matches) => holdIn(holds, pathPart, matches),
    holdAnswers: (pathPart, matches) => holdIn(answerHolds, pathPart, matches),
    bodies: (pathPart) => received.filter((request) => request.path.includes(pathPart)).map((request) => request.body),
    lost: () => lostCount,
    statuses: (pathPart) => passedOn.filter((answer) => answer.path.includes(pathPart)).map((answer) => answer.status),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
