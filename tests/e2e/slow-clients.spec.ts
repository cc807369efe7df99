import http from 'node:http';
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { HTTP_SERVER_OPTIONS } from '../../src/server/http/http-options.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Slow and broken clients against the real production server (its own OS process): a client
 * trickling its headers is cut off, 300 of them do not slow real visitors, a refused over-size
 * body does not break the client's keep-alive connection, and an idle one is closed when announced.
 */
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

const port = () => Number(new URL(server.url).port);

/** Opens a socket that sends a request line and then one header byte per second, for ever. */
function trickle(localAddress: string): { socket: net.Socket; closed: Promise<number> } {
  const opened = Date.now();
  const socket = net.connect({ host: '127.0.0.1', port: port(), localAddress });
  socket.setNoDelay(true);
  socket.on('error', () => undefined);
  socket.on('connect', () => socket.write('GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write('a');
  }, 1_000);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve(Date.now() - opened);
    }),
  );
  return { socket, closed };
}

test('a client trickling its headers is cut off, and /api/live stays fast while 300 of them hang on', async () => {
  const sockets = Array.from({ length: 300 }, (_, index) => trickle(`127.0.${10 + Math.floor(index / 200)}.${1 + (index % 200)}`));
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // A real visitor meanwhile.
    const started = performance.now();
    const response = await fetch(`${server.url}/api/live`);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(elapsed).toBeLessThan(1_000);

    // Every trickling socket is closed by the server (headers are due within 10 s), long before
    // it could finish its headers: nothing here ever ends them.
    const lifetimes = await Promise.all(sockets.map((entry) => entry.closed));
    expect(Math.max(...lifetimes)).toBeLessThan(20_000);
  } finally {
    for (const { socket } of sockets) socket.destroy();
  }
});

test('after a refused 1 MB body, the same keep-alive client’s next request succeeds', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (path: string, body?: Buffer) =>
    new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const request = http.request(
        `${server.url}${path}`,
        {
          agent,
          method: body ? 'POST' : 'GET',
          headers: body ? { 'Content-Type': 'application/json', 'Content-Length': body.length } : {},
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  try {
    expect((await send('/api/live')).status).toBe(200);
    const refused = await send('/api/orders', Buffer.alloc(1024 * 1024, 'a'));
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe('close');
    expect((await send('/api/live')).status).toBe(200);
    expect((await send('/api/live')).status).toBe(200);
  } finally {
    agent.destroy();
  }
});

test('an idle keep-alive connection is closed after the time the server announces, which the proxies in deploy/ stay under', async () => {
  // deploy/nginx.conf and deploy/Caddyfile let their pooled connections go sooner (their tests
  // compare with HTTP_SERVER_OPTIONS); this checks the running server keeps that value.
  const socket = net.connect({ host: '127.0.0.1', port: port() });
  socket.on('error', () => undefined);
  let head = '';
  const answered = new Promise<number>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) resolve(Date.now());
    }),
  );
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  socket.write('GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  const answeredAt = await answered;
  expect(head).toMatch(new RegExp(`\\r\\nKeep-Alive: timeout=${HTTP_SERVER_OPTIONS.keepAliveTimeout / 1000}\\r\\n`, 'i'));
  const idle = (await closed) - answeredAt;
  expect(idle).toBeGreaterThanOrEqual(HTTP_SERVER_OPTIONS.keepAliveTimeout - 100);
  // Node checks its timers at least every second (connectionsCheckingInterval); a busy machine adds a little.
  expect(idle).toBeLessThan(HTTP_SERVER_OPTIONS.keepAliveTimeout + 3_000);
});
