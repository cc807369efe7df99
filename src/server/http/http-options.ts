/**
 * The Node HTTP server's limits. Slow clients cannot hold the server: a request's headers must
 * arrive within 10 s and the whole request within 30 s (a slow-loris client trickling bytes is cut
 * off), checked every second. An idle keep-alive connection is closed after 5 s (Node's default,
 * announced as `Keep-Alive: timeout=5`); the proxies in deploy/ let their pooled connections to the
 * server go sooner, so that none sends a request on a connection the server is closing.
 */
export const HTTP_SERVER_OPTIONS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
  keepAliveTimeout: 5_000,
} as const;
