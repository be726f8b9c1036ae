// Measuring a freeze from a second client: requests over connections each client keeps open (as a browser does),
// and a bystander reading again and again while an attack runs, with the time each of its answers took.
import http from 'node:http';
import { SignJWT } from 'jose';

export interface Answer {
  status: number;
  body: string;
}

/** Connections a client keeps open: `count` at once. Open them before measuring: the stack accepts new ones slowly while busy. */
export function keptConnections(count: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: count });
}

/** An access token of a signed-in user `userId`, signed with the stack's secret. */
export async function userToken(jwtSecret: string, userId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(jwtSecret));
}

export interface RestCall {
  /** The stack's base URL and anon key. */
  url: string;
  anonKey: string;
  token: string;
  agent: http.Agent;
  /** POSTs this body when given. */
  body?: string;
  /** Gives up (and fails) after this long. */
  timeoutMs: number;
}

/** One request to the REST API (`path` under /rest/v1/) over the caller's connections. */
export function rest(path: string, call: RestCall): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${call.url}/rest/v1/${path}`,
      {
        method: call.body === undefined ? 'GET' : 'POST',
        agent: call.agent,
        headers: { apikey: call.anonKey, authorization: `Bearer ${call.token}`, 'content-type': 'application/json' },
        timeout: call.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(call.body);
  });
}

/**
 * Runs `attack` while `read` runs again and again (the bystander); the time each read took to answer 200, in ms
 * (Infinity for a read that failed).
 */
export async function whileBystanderReads(read: () => Promise<Answer>, attack: () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  const state = { attacking: true };
  const probing = (async () => {
    while (state.attacking) {
      const started = performance.now();
      const answer = await read().catch(() => null);
      latencies.push(answer?.status === 200 ? performance.now() - started : Infinity);
    }
  })();
  try {
    await attack();
  } finally {
    state.attacking = false;
    await probing;
  }
  return latencies;
}

/** How many answers, the median and the slowest. */
export function describeLatencies(latencies: readonly number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  return `${sorted.length} answers, median ${median.toFixed(0)} ms, slowest ${(sorted.at(-1) ?? NaN).toFixed(0)} ms`;
}
