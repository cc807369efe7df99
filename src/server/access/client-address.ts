import { isIP, type BlockList } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * With `trustProxyHops` = 0 the socket's peer is the client and `X-Forwarded-For` is ignored:
 * anyone can write that header, so trusting it without a proxy of ours in front would let a
 * script pick a new address for every request. With N proxies of ours in front, each appends the
 * address it saw, so the Nth entry from the right is the one the outermost proxy saw (entries
 * further left are whatever the client claimed). A request with fewer entries did not come
 * through all our proxies; its socket peer is used.
 *
 * The header counts only when the socket's peer is one of our proxies (`trustedProxies`,
 * TRUSTED_PROXIES): if the port is also reachable directly, a client connecting to it writes the
 * whole header itself, and would otherwise pick its address for every request. Entries that are
 * not IP addresses are dropped before counting: a proxy of ours only ever appends addresses.
 */
export function clientAddress(c: Context, proxies: { trustProxyHops: number; trustedProxies: BlockList }): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // No socket: `app.request()` in tests, a caller inside this process that no client can reach.
    peer = undefined;
  }
  if (proxies.trustProxyHops > 0 && (peer === undefined || isTrustedPeer(peer, proxies.trustedProxies))) {
    const forwarded = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length <= 64 && isIP(entry) !== 0);
    const entry = forwarded.at(-proxies.trustProxyHops);
    if (entry && forwarded.length >= proxies.trustProxyHops) return entry;
  }
  return peer ?? 'unknown';
}

/**
 * The TLS terminator in front of us verified the caller's client certificate (nginx's
 * `$ssl_client_verify`, passed as `X-Client-Verified: SUCCESS`; docs/payments.md#efí). Believed
 * only from a socket peer among TRUSTED_PROXIES: anyone else could send the header.
 */
export function clientCertificateVerified(c: Context, trustedProxies: BlockList): boolean {
  if (c.req.header('X-Client-Verified') !== 'SUCCESS') return false;
  try {
    return isTrustedPeer(getConnInfo(c).remote.address ?? '', trustedProxies);
  } catch {
    return false;
  }
}

function isTrustedPeer(peer: string, trusted: BlockList): boolean {
  const version = isIP(peer);
  return version !== 0 && trusted.check(peer, version === 4 ? 'ipv4' : 'ipv6');
}
