import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The address a request came from, for per-client limits.
 *
 * With `trustProxyHops` = 0 the socket's peer is the client and `X-Forwarded-For` is ignored:
 * anyone can write that header, so trusting it without a proxy of ours in front would let a
 * script pick a new address for every request. With N proxies of ours in front, each appends the
 * address it saw, so the Nth entry from the right is the one the outermost proxy saw (entries
 * further left are whatever the client claimed). A request with fewer entries did not come
 * through all our proxies; its socket peer is used.
 */
export function clientAddress(c: Context, trustProxyHops: number): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // No socket: `app.request()` in tests.
    peer = undefined;
  }
  if (trustProxyHops > 0) {
    const forwarded = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = forwarded.at(-trustProxyHops);
    if (entry && forwarded.length >= trustProxyHops) return entry.slice(0, 64);
  }
  return peer ?? 'unknown';
}
