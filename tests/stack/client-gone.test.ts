// A client that goes away in the middle of sending its request (a closed tab, an app killed mid-upload) is not an
// error of the stack: the services recognise Node's own error for it and do not log it as one.
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isClientGone } from '../../supabase/local/request-body.ts';

/** The error Node gives a handler reading the body of a request whose client hung up half-way. */
async function errorOfAbandonedRequest(): Promise<unknown> {
  let settle: (error: unknown) => void = () => undefined;
  const seen = new Promise<unknown>((resolve) => {
    settle = resolve;
  });
  const server = http.createServer((request) => {
    void (async () => {
      try {
        let bytes = 0;
        for await (const chunk of request) bytes += (chunk as Buffer).byteLength;
        settle(bytes);
      } catch (error) {
        settle(error);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const socket = net.connect(port, '127.0.0.1', () => {
    socket.write('POST /rest/v1/produtos HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n0123456789', () => {
      socket.destroy();
    });
  });
  const error = await seen;
  await new Promise((resolve) => server.close(resolve));
  return error;
}

describe('a client that hangs up mid-request', () => {
  it("is recognised from Node's own error, and nothing else is", async () => {
    const error = await errorOfAbandonedRequest();
    expect(error).toBeInstanceOf(Error);
    expect(isClientGone(error)).toBe(true);
    expect(isClientGone(new Error('boom'))).toBe(false);
    expect(isClientGone(Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isClientGone('aborted')).toBe(false);
  });
});
