/** Cuts slow-loris clients; the proxies in deploy/ drop pooled connections before Node's 5 s keep-alive does. */
export const HTTP_SERVER_OPTIONS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
  keepAliveTimeout: 5_000,
} as const;
