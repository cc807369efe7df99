import { isIP, type BlockList } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** X-Forwarded-For counts only from a trusted socket peer, and then its Nth entry from the right (TRUST_PROXY_HOPS); anyone can write the header. */
export function clientAddress(c: Context, proxies: { trustProxyHops: number; trustedProxies: BlockList }): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
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

/** nginx's `$ssl_client_verify` (docs/payments.md#efí), believed only from a peer among TRUSTED_PROXIES. */
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
