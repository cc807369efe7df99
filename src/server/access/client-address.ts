import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

// Loopback and private ranges: a peer there is our own reverse proxy or load balancer.
const PRIVATE_PEER = /^(?:::ffff:)?(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)|^::1$|^f[cd][0-9a-f]{2}:/i;

/**
 * The address a request came from, for rate limits. The socket's peer is used unless it is a
 * private address — then we sit behind a proxy, and the last `X-Forwarded-For` entry is the one our
 * proxy appended (entries further left are whatever the client claimed, so they are never used).
 * Without a socket (`app.request()` in tests) the forwarded header alone is used.
 */
export function clientAddress(c: Context): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined;
  }
  if (peer === undefined || PRIVATE_PEER.test(peer)) {
    const forwarded = c.req
      .header('X-Forwarded-For')
      ?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded.slice(0, 64);
  }
  return peer ?? 'unknown';
}
